import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { thisAndLastBillMonth } from '../../src/modules/reports/report-period.js';
import { reportService } from '../../src/modules/reports/service.js';
import { caller, idOf, makeUser } from '../admin/admin-support.js';
import { pdfTextRuns } from '../support/pdf-text.js';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { changesHeard, useDemoApp } from '../support/test-app.js';
import { csvRows, runScheduledReports } from './report-support.js';

// docs/decisions/0216: the scheduled run builds each due report with its subscriber's access as it is then, queues it
// with its file through the e-mail outbox (0197), and it arrives over SMTP holding nothing the subscriber cannot see.

const inbox = useSmtpInbox();
const context = useDemoApp(() => ({ SMTP_URL: inbox.url }));
const db = () => context.database.db;
const call = caller(() => context.app);

const subscribe = async (userName: string, body: Record<string, unknown>) => {
  const response = await call(userName, 'POST', '/api/reportSubscriptions', {
    format: 'csv',
    frequency: 'weekly',
    sendToMe: true,
    emails: [],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; nextRunAt: string };
};

async function runAndSend() {
  await runScheduledReports(context.app);
  await context.app.emailSender.runOnce();
}

/** The mobile devices (by number) of a company, or of one site or team of it. */
async function mobileNumbers(where: { company?: string; siteId?: number; teamId?: number }) {
  let query = db()
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select('endpoints.identifier')
    .where('endpoints.endpoint_type_id', '=', 1);
  if (where.company) query = query.where('companies.name', '=', where.company);
  if (where.siteId) query = query.where('endpoints.site_id', '=', where.siteId);
  if (where.teamId) {
    query = query.where(
      'endpoints.id',
      'in',
      db().selectFrom('team_endpoints').select('endpoint_id').where('team_id', '=', where.teamId),
    );
  }
  return (await query.execute()).map((row) => row.identifier).sort();
}

async function busiestSite(companyName: string) {
  const row = await db()
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select(['endpoints.site_id', sql<number>`count(*)::int`.as('lines')])
    .where('companies.name', '=', companyName)
    .where('endpoints.endpoint_type_id', '=', 1)
    .where('endpoints.site_id', 'is not', null)
    .groupBy('endpoints.site_id')
    .orderBy('lines', 'desc')
    .orderBy('endpoints.site_id')
    .executeTakeFirstOrThrow();
  return row.site_id as number;
}

describe('scheduled reports by e-mail', () => {
  it("e-mails a site-level user's usage-by-device CSV listing exactly their site's devices, with the right figures", async () => {
    const siteId = await busiestSite('Acme Logistics Ltd');
    await makeUser(db(), 'reports.site', 'Site Manager', [['MobileUserEstate', 'Read']], { siteId });
    await subscribe('reports.site', { kind: 'usageByDevice' });
    await runAndSend();

    const [mail, ...more] = await inbox.mailsTo('reports.site@example.co.uk');
    expect(more).toEqual([]);
    expect(mail?.headers.subject).toMatch(/^Usage by device report: /);
    expect(mail?.text).toContain('Companies: Acme Logistics Ltd');
    expect(mail?.text).toContain('(London time)');
    const [file, ...others] = mail?.attachments ?? [];
    expect(others).toEqual([]);
    expect(file?.fileName).toMatch(/^usage-by-device-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file?.contentType).toBe('text/csv');
    const [header, ...rows] = csvRows(file?.content ?? Buffer.alloc(0));
    expect(header).toEqual([
      'Company',
      'Device',
      'Number',
      'Site',
      'Month',
      'Calls',
      'Duration (s)',
      'Data (bytes)',
      'Cost (£)',
    ]);
    const deviceRows = rows.filter((row) => row[1] !== 'Total');
    const expected = await mobileNumbers({ siteId });
    expect(expected.length).toBeGreaterThan(1);
    expect([...new Set(deviceRows.map((row) => row[2]))].sort()).toEqual(expected);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(['Acme Logistics Ltd']));
    const months = thisAndLastBillMonth(new Date());
    expect(new Set(deviceRows.map((row) => row[4]))).toEqual(new Set([months.current.label, months.previous.label]));

    // Each device's figures are its usage rollup's; the company's totals add up its rows.
    const usage = await db()
      .selectFrom('usage_monthly')
      .innerJoin('endpoints', 'endpoints.id', 'usage_monthly.endpoint_id')
      .select(['endpoints.identifier', 'usage_monthly.calls', 'usage_monthly.cost'])
      .where('endpoints.site_id', '=', siteId)
      .where('endpoints.endpoint_type_id', '=', 1)
      .where('usage_monthly.month', '=', months.previous.first)
      .execute();
    for (const line of usage) {
      const row = deviceRows.find((r) => r[2] === line.identifier && r[4] === months.previous.label);
      expect(row?.[5]).toBe(String(line.calls));
      expect(Number(row?.[8])).toBeCloseTo(Number(line.cost), 4);
    }
    const total = rows.find((row) => row[1] === 'Total' && row[4] === months.previous.label);
    const summed = deviceRows
      .filter((row) => row[4] === months.previous.label)
      .reduce((sum, row) => sum + Number(row[8]), 0);
    expect(Number(total?.[8])).toBeCloseTo(summed, 4);

    // Sent: its file goes with its text (decision 0197).
    const attachments = await db().selectFrom('email_attachments').select('id').execute();
    expect(attachments).toEqual([]);
  });

  it("sends a team leader's PDF with their team's devices and no other's, Globex's never", async () => {
    const team = await db()
      .selectFrom('team_endpoints')
      .innerJoin('teams', 'teams.id', 'team_endpoints.team_id')
      .innerJoin('companies', 'companies.id', 'teams.company_id')
      .select(['teams.id', sql<number>`count(*)::int`.as('lines')])
      .where('companies.name', '=', 'Acme Logistics Ltd')
      .groupBy('teams.id')
      .orderBy('lines', 'desc')
      .orderBy('teams.id')
      .executeTakeFirstOrThrow();
    const userId = await makeUser(
      db(),
      'reports.team',
      'Team Leader',
      [
        ['MobileTeamEstate', 'Read'],
        ['MobileUserEstate', 'Read'],
      ],
      {},
    );
    await db().insertInto('user_teams').values({ user_id: userId, team_id: team.id }).execute();
    await subscribe('reports.team', { kind: 'usageByDevice', format: 'pdf' });
    await runAndSend();

    const [mail] = await inbox.mailsTo('reports.team@example.co.uk');
    const file = mail?.attachments[0];
    expect(file?.fileName).toMatch(/^usage-by-device-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfTextRuns(file?.content ?? Buffer.alloc(0));
    expect(text).toContain('Usage by device');
    expect(text).toContain('Acme Logistics Ltd');
    const own = await mobileNumbers({ teamId: team.id });
    expect(own.length).toBeGreaterThan(0);
    for (const number of own) expect(text).toContain(number);
    const acme = await mobileNumbers({ company: 'Acme Logistics Ltd' });
    const outside = acme.filter((number) => !own.includes(number));
    expect(outside.length).toBeGreaterThan(0);
    for (const number of outside) expect(text).not.toContain(number);
    for (const number of await mobileNumbers({ company: 'Globex Engineering Ltd' })) {
      expect(text).not.toContain(number);
    }
  });

  it("gives a user of two companies each company's bills labelled and totalled on its own", async () => {
    await makeUser(db(), 'reports.multi', 'Finance', [['ViewMyBills', 'Read']], {});
    const reportsMulti = await db()
      .selectFrom('users')
      .select(['id', 'partner_id'])
      .where('user_name', '=', 'reports.multi')
      .executeTakeFirstOrThrow();
    for (const name of ['Initech Holdings Ltd', 'Initech Field Services Ltd']) {
      const companyId = await idOf(db(), 'companies', name);
      await db()
        .insertInto('user_companies')
        .values({ user_id: reportsMulti.id, company_id: companyId, partner_id: reportsMulti.partner_id })
        .execute();
    }
    const held = await db()
      .selectFrom('user_companies')
      .innerJoin('companies', 'companies.id', 'user_companies.company_id')
      .select(['companies.id', 'companies.name'])
      .where('user_id', '=', reportsMulti.id)
      .execute();
    expect(held).toHaveLength(2);
    await subscribe('reports.multi', { kind: 'billsSummary' });
    await runAndSend();

    const [mail] = await inbox.mailsTo('reports.multi@example.co.uk');
    const [header, ...rows] = csvRows(mail?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(header?.slice(0, 3)).toEqual(['Company', 'Bill date', 'Invoice number']);
    for (const company of held) {
      const bills = rows.filter((row) => row[0] === company.name && row[1] !== 'Total');
      const stored = await db()
        .selectFrom('invoices')
        .select(['invoice_number', 'invoice_amount'])
        .where('company_id', '=', company.id)
        .where(
          'bill_date',
          '>=',
          sql<string>`date_trunc('month', (now() AT TIME ZONE 'Europe/London')) - interval '11 months'`,
        )
        .execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(bills.map((row) => row[2]).sort()).toEqual(stored.map((bill) => bill.invoice_number).sort());
      const total = rows.find((row) => row[0] === company.name && row[1] === 'Total');
      const sum = stored.reduce((s, bill) => s + Math.round(Number(bill.invoice_amount) * 100), 0) / 100;
      expect(Number(total?.[7])).toBeCloseTo(sum, 2);
    }
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(held.map((company) => company.name)));
  });

  it('stops the report of a subscriber whose permission was removed: nothing is sent, and the list says why', async () => {
    const companyId = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const userId = await makeUser(db(), 'reports.gone', 'Company Administrator', [['MobileUserEstate', 'Read']], {
      companyId,
    });
    const subscription = await subscribe('reports.gone', { kind: 'topSpenders' });
    await db().deleteFrom('user_functionality').where('user_id', '=', userId).execute();
    await changesHeard(context.app);
    await runAndSend();

    expect(inbox.to('reports.gone@example.co.uk')).toEqual([]);
    const queued = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where(sql<boolean>`'reports.gone@example.co.uk' = ANY(recipients)`)
      .execute();
    expect(queued).toEqual([]);
    const list = (await call('reports.gone', 'GET', '/api/reportSubscriptions')).json();
    const stopped = list.find((s: { id: number }) => s.id === subscription.id);
    expect(stopped).toMatchObject({ state: 'stopped', nextRunAt: null });
    expect(stopped.stoppedReason).toContain('Top spenders');
    // "Send now" is refused too, and resuming waits for the permission to come back.
    const sendNow = await call('reports.gone', 'POST', `/api/reportSubscriptions/${subscription.id}/sendNow`);
    expect(sendNow.statusCode).toBe(409);
    expect(sendNow.json().message).toContain('Top spenders');
  });

  it('queues a due report once when two runs claim at the same time, and moves it to its next time', async () => {
    await makeUser(db(), 'reports.twice', 'Site Manager', [['MobileSiteEstate', 'Read']], {
      siteId: await busiestSite('Acme Logistics Ltd'),
    });
    const subscription = await subscribe('reports.twice', { kind: 'usageBySite', format: 'pdf' });
    await sql`UPDATE report_subscriptions SET next_run_at = now() - interval '1 second' WHERE id = ${subscription.id}`.execute(
      db(),
    );
    const settings = { publicUrl: 'http://portal.test/' };
    const runs = await Promise.all([
      reportService(db(), settings).runDue(context.app.log),
      reportService(db(), settings).runDue(context.app.log),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(1);
    const queued = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where(sql<boolean>`'reports.twice@example.co.uk' = ANY(recipients)`)
      .execute();
    expect(queued).toHaveLength(1);
    const row = await db()
      .selectFrom('report_subscriptions')
      .select(['next_run_at', 'last_run_at'])
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(row.next_run_at?.getTime()).toBeGreaterThan(Date.now());
    expect(row.last_run_at).not.toBeNull();
  });

  it('"Send now" queues the report at once, to the listed addresses too, and leaves its schedule', async () => {
    const subscription = await subscribe('acme.admin', {
      kind: 'usageBySite',
      emails: ['finance.team@acme.example'],
      paused: true,
    });
    const sent = await call('acme.admin', 'POST', `/api/reportSubscriptions/${subscription.id}/sendNow`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'paused', nextRunAt: null });
    expect(sent.json().lastSentAt).not.toBeNull();
    await context.app.emailSender.runOnce();
    const [mail] = await inbox.mailsTo('finance.team@acme.example');
    expect(mail?.attachments[0]?.fileName).toMatch(/^usage-by-site-.*\.csv$/);
    expect(inbox.to('it.admin@acmelogistics.co.uk').length).toBeGreaterThan(0);
  });
});
