import { type AlertRule, AlertRuleSchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

// Spend alert rules through the API (decision 0213): one company of the caller's, its targets and users of the
// caller's estate in it, foreign ids answered 404, bad input 400 naming the field, every write audited.

const context = useDemoApp();
const db = () => context.database.db;

const ids = { acme: 0, globex: 0, acmeDevice: 0, acmeBroadband: 0, acmeSite: 0, acmeTeam: 0, acmeUser: 0 };
const foreign = { device: 0, site: 0, team: 0, user: 0 };
let admin = '';

async function companyId(name: string) {
  return (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function firstOf(table: 'sites' | 'teams', company: number) {
  return (
    await db().selectFrom(table).select('id').where('company_id', '=', company).orderBy('id').executeTakeFirstOrThrow()
  ).id;
}

async function lineOf(company: number, type: number) {
  return (
    await db()
      .selectFrom('endpoints')
      .select('id')
      .where('company_id', '=', company)
      .where('endpoint_type_id', '=', type)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  ids.acme = await companyId('Acme Logistics Ltd');
  ids.globex = await companyId('Globex Engineering Ltd');
  ids.acmeDevice = await lineOf(ids.acme, 1);
  ids.acmeBroadband = await lineOf(ids.acme, 3);
  ids.acmeSite = await firstOf('sites', ids.acme);
  ids.acmeTeam = await firstOf('teams', ids.acme);
  foreign.device = await lineOf(ids.globex, 1);
  foreign.site = await firstOf('sites', ids.globex);
  foreign.team = await firstOf('teams', ids.globex);
  ids.acmeUser = (
    await db()
      .selectFrom('users')
      .innerJoin('user_companies', 'user_companies.user_id', 'users.id')
      .select('users.id')
      .where('user_companies.company_id', '=', ids.acme)
      .where('users.user_name', '!=', 'acme.admin')
      .orderBy('users.id')
      .executeTakeFirstOrThrow()
  ).id;
  foreign.user = (
    await db().selectFrom('users').select('id').where('user_name', '=', 'globex.admin').executeTakeFirstOrThrow()
  ).id;
  admin = (await signIn(context.app, 'acme.admin')).accessToken;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Sales over budget',
  scope: 'site',
  siteId: ids.acmeSite,
  appliesTo: 'eachDevice',
  measure: 'cost',
  period: 'billMonth',
  threshold: 49.99,
  notifyUserIds: [ids.acmeUser],
  notifyEmails: ['finance@example.co.uk'],
  action: 'barData',
  ...extra,
});

const fieldsOf = (body: string) => (JSON.parse(body) as { details?: { field: string; rule: string }[] }).details ?? [];

describe('spend alert rules', () => {
  it('adds a rule to the only company of a one-company caller, reads, lists, changes and deletes it', async () => {
    const created = await call('POST', '/api/spendAlerts', rule());
    expect(created.statusCode, created.body).toBe(201);
    const saved = AlertRuleSchema.parse(created.json());
    expect(saved).toMatchObject({
      companyId: ids.acme,
      companyName: 'Acme Logistics Ltd',
      scope: 'site',
      site: { id: ids.acmeSite },
      team: null,
      device: null,
      appliesTo: 'eachDevice',
      threshold: 49.99,
      notifyUsers: [{ id: ids.acmeUser }],
      notifyEmails: ['finance@example.co.uk'],
      action: 'barData',
      enabled: true,
      lastFiredAt: null,
    });

    expect((await call('GET', `/api/spendAlerts/${saved.id}`)).json()).toEqual(saved);
    const list = await call('GET', '/api/spendAlerts?$count=true&$filter=contains(name,%27budget%27)');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ value: [saved], '@odata.count': 1 });

    const changed = await call(
      'PUT',
      `/api/spendAlerts/${saved.id}`,
      rule({ scope: 'device', siteId: undefined, endpointId: ids.acmeDevice, notifyUserIds: [], enabled: false }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AlertRule>()).toMatchObject({
      scope: 'device',
      site: null,
      device: { id: ids.acmeDevice },
      appliesTo: 'total',
      notifyUsers: [],
      enabled: false,
    });

    const audited = await db()
      .selectFrom('audit_log')
      .select(['table_name', 'operation'])
      .where('table_name', 'in', ['alert_rules', 'alert_rule_users'])
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { table_name: 'alert_rules', operation: 'INSERT' },
        { table_name: 'alert_rules', operation: 'UPDATE' },
        { table_name: 'alert_rule_users', operation: 'INSERT' },
        { table_name: 'alert_rule_users', operation: 'DELETE' },
      ]),
    );

    expect((await call('DELETE', `/api/spendAlerts/${saved.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/spendAlerts/${saved.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's site, team, device or rule, and for a broadband line", async () => {
    for (const target of [
      { scope: 'site', siteId: foreign.site },
      { scope: 'team', siteId: undefined, teamId: foreign.team },
      { scope: 'device', siteId: undefined, appliesTo: 'total', endpointId: foreign.device },
      { scope: 'device', siteId: undefined, appliesTo: 'total', endpointId: ids.acmeBroadband },
    ]) {
      const response = await call('POST', '/api/spendAlerts', rule(target));
      expect(response.statusCode, `${JSON.stringify(target)}: ${response.body}`).toBe(404);
    }
    const globexRule = await db()
      .insertInto('alert_rules')
      .values({
        company_id: ids.globex,
        name: 'Globex rule',
        scope: 'company',
        applies_to: 'total',
        measure: 'cost',
        period: 'day',
        threshold: 10,
        created_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/api/spendAlerts/${globexRule.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/spendAlerts/${globexRule.id}`, rule())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/spendAlerts/${globexRule.id}`)).statusCode).toBe(404);
    const list = await call('GET', '/api/spendAlerts');
    expect(list.json<{ value: AlertRule[] }>().value.map((r) => r.id)).not.toContain(globexRule.id);
  });

  it('refuses bad input with 400 naming the field and rule', async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ notifyUserIds: [foreign.user] }, 'notifyUserIds', 'in_estate'],
      [{ notifyUserIds: [], notifyEmails: [] }, 'notifyUserIds'],
      [{ threshold: 10.001 }, 'threshold'],
      [{ measure: 'calls', threshold: 2.5 }, 'threshold'],
      [{ scope: 'company', siteId: undefined, appliesTo: 'total' }, 'action'],
      [{ scope: 'company' }, 'siteId'],
      [{ companyId: ids.globex }, 'companyId', 'in_estate'],
      [{ threshold: 0 }, 'threshold'],
    ];
    for (const [change, field, ruleName] of cases) {
      const response = await call('POST', '/api/spendAlerts', rule(change));
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(400);
      expect(fieldsOf(response.body), JSON.stringify(change)).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, ...(ruleName ? { rule: ruleName } : {}) })]),
      );
    }
  });

  it('needs the company named by a caller of several companies', async () => {
    const multi = (await signIn(context.app, 'multi.admin')).accessToken;
    const initech = await companyId('Initech Holdings Ltd');
    const body = rule({ scope: 'company', siteId: undefined, appliesTo: 'total', action: 'none', notifyUserIds: [] });
    const unnamed = await call('POST', '/api/spendAlerts', body, multi);
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(fieldsOf(unnamed.body)).toEqual([expect.objectContaining({ field: 'companyId', rule: 'required' })]);
    const named = await call('POST', '/api/spendAlerts', { ...body, companyId: initech }, multi);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<AlertRule>().companyName).toBe('Initech Holdings Ltd');
  });
});
