import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { caller, type ErrorBody } from '../admin/admin-support.js';
import { useDemoApp } from '../support/test-app.js';

// docs/decisions/0216: a user's own scheduled report subscriptions through the API: the form's rules, each kind only
// with the permission of the pages that show its figures, and another user's subscription answered as not found.

const context = useDemoApp();
const call = caller(() => context.app);

const weekly = {
  kind: 'usageByDevice',
  format: 'csv',
  frequency: 'weekly',
  sendToMe: true,
  emails: ['finance@acmelogistics.co.uk'],
};

/** The parts of a moment in London: weekday, day of month, hour and minute. */
function inLondon(iso: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return { weekday: part('weekday'), day: Number(part('day')), time: `${part('hour')}:${part('minute')}` };
}

describe('scheduled report subscriptions', () => {
  it('adds one due next Monday at 07:00 London time, listed for its owner only', async () => {
    const created = await call('acme.admin', 'POST', '/api/reportSubscriptions', weekly);
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json();
    expect(subscription).toMatchObject({
      ...weekly,
      state: 'active',
      paused: false,
      stoppedReason: null,
      lastSentAt: null,
    });
    const next = inLondon(subscription.nextRunAt);
    expect(next).toMatchObject({ weekday: 'Monday', time: '07:00' });
    expect(new Date(subscription.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(subscription.nextRunAt).getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);

    const mine = await call('acme.admin', 'GET', '/api/reportSubscriptions');
    expect(mine.json().map((s: { id: number }) => s.id)).toContain(subscription.id);
    const theirs = await call('globex.admin', 'GET', '/api/reportSubscriptions');
    expect(theirs.json().map((s: { id: number }) => s.id)).not.toContain(subscription.id);
  });

  it('puts a monthly report on the 6th at 07:00, after the bills of the 5th', async () => {
    const created = await call('acme.finance', 'POST', '/api/reportSubscriptions', {
      ...weekly,
      kind: 'billsSummary',
      format: 'pdf',
      frequency: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(inLondon(created.json().nextRunAt)).toMatchObject({ day: 6, time: '07:00' });
  });

  it.each([
    [{ ...weekly, sendToMe: false, emails: [] }, 'emails'],
    [{ ...weekly, emails: ['not an address'] }, 'emails.0'],
    [{ ...weekly, emails: ['a@example.com', 'A@example.com'] }, 'emails.1'],
    [{ ...weekly, emails: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) }, 'emails'],
    [{ ...weekly, kind: 'everything' }, 'kind'],
    [{ ...weekly, format: 'xlsx' }, 'format'],
    [{ ...weekly, frequency: 'daily' }, 'frequency'],
  ])('refuses %j naming %s', async (body, field) => {
    const response = await call('acme.admin', 'POST', '/api/reportSubscriptions', body);
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as ErrorBody).details?.map((detail) => detail.field)).toContain(field);
  });

  it.each([
    ['acme.broadband', 'usageByDevice', 'Usage by device'],
    ['acme.teamlead', 'usageBySite', 'Usage by site'],
    ['acme.sitemanager', 'usageByTeam', 'Usage by team'],
    ['acme.mobile', 'billsSummary', 'Bills summary'],
    ['acme.finance', 'topSpenders', 'Top spenders'],
  ])('refuses %s the %s report, naming it, and saves nothing', async (userName, kind, label) => {
    const before = (await call(userName, 'GET', '/api/reportSubscriptions')).json().length;
    const response = await call(userName, 'POST', '/api/reportSubscriptions', { ...weekly, kind });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as ErrorBody).message).toContain(label);
    expect((response.json() as ErrorBody).details).toEqual([
      expect.objectContaining({ field: 'kind', rule: 'permission' }),
    ]);
    expect((await call(userName, 'GET', '/api/reportSubscriptions')).json()).toHaveLength(before);
  });

  it("answers another user's subscription as not found, and changes nothing of it", async () => {
    const own = (await call('acme.admin', 'POST', '/api/reportSubscriptions', weekly)).json();
    const url = `/api/reportSubscriptions/${own.id}`;
    expect((await call('globex.admin', 'PUT', url, { ...weekly, paused: true })).statusCode).toBe(404);
    expect((await call('globex.admin', 'POST', `${url}/sendNow`)).statusCode).toBe(404);
    expect((await call('globex.admin', 'DELETE', url)).statusCode).toBe(404);
    const still = (await call('acme.admin', 'GET', '/api/reportSubscriptions')).json();
    expect(still.find((s: { id: number }) => s.id === own.id)).toMatchObject({ state: 'active', paused: false });
    const queued = await context.database.db.selectFrom('email_outbox').select('id').execute();
    expect(queued).toEqual([]);
  });

  it('pauses, resumes, changes and deletes its own; a change of kind is checked too', async () => {
    const own = (
      await call('acme.sitemanager', 'POST', '/api/reportSubscriptions', { ...weekly, kind: 'usageBySite' })
    ).json();
    const url = `/api/reportSubscriptions/${own.id}`;
    const paused = await call('acme.sitemanager', 'PUT', url, { ...weekly, kind: 'usageBySite', paused: true });
    expect(paused.json()).toMatchObject({ state: 'paused', nextRunAt: null });
    const resumed = await call('acme.sitemanager', 'PUT', url, {
      ...weekly,
      kind: 'usageBySite',
      frequency: 'monthly',
      paused: false,
    });
    expect(resumed.json()).toMatchObject({ state: 'active', frequency: 'monthly' });
    expect(inLondon(resumed.json().nextRunAt)).toMatchObject({ day: 6, time: '07:00' });
    const refused = await call('acme.sitemanager', 'PUT', url, { ...weekly, kind: 'billsSummary' });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ErrorBody).message).toContain('Bills summary');
    expect((await call('acme.sitemanager', 'DELETE', url)).statusCode).toBe(204);
    expect((await call('acme.sitemanager', 'DELETE', url)).statusCode).toBe(404);
  });

  it('records who made and changed a subscription in the audit trail', async () => {
    const own = (await call('acme.admin', 'POST', '/api/reportSubscriptions', weekly)).json();
    const audit = await context.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select(['audit_log.operation', 'users.user_name'])
      .where('audit_log.table_name', '=', 'report_subscriptions')
      .where(sql<string>`audit_log.row_key->>'id'`, '=', String(own.id))
      .execute();
    expect(audit).toContainEqual({ operation: 'INSERT', user_name: 'acme.admin' });
  });
});
