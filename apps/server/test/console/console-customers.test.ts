import { randomBytes } from 'node:crypto';
import { CUSTOMER_MESSAGES, type CustomerListItem, type CustomerUser, ENDPOINT_TYPE } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { caller, type ErrorBody, idOf, userIdOf } from '../admin/admin-support.js';
import { useSmtpInbox } from '../support/smtp-inbox.js';
import { DEMO_PASSWORD, EMAIL_SENDER_ON, form, signIn, useDemoApp } from '../support/test-app.js';

// The reseller console's Customers (issue 27, docs/decisions/0219): partner staff see their own partner's companies
// with counts that agree with a recount, reset and unlock their users, and onboard a new customer.
const inbox = useSmtpInbox();
const context = useDemoApp(() => ({ SMTP_URL: inbox.url, ...EMAIL_SENDER_ON }));
const db = () => context.database.db;
const call = caller(() => context.app);
const BASE = '/api/console/customers';

/** The counts of each company, recounted the plain way: every link of each user, partner staff left out. */
async function recount(partnerName: string) {
  const companies = await db()
    .selectFrom('companies')
    .innerJoin('partners', 'partners.id', 'companies.partner_id')
    .select(['companies.id', 'companies.name', 'companies.account_number'])
    .where('partners.name', '=', partnerName)
    .execute();
  const customerUsers = await db()
    .selectFrom('users')
    .select(['id', 'partner_id'])
    .where(sql<boolean>`NOT ('partner-staff' = ANY(roles))`)
    .execute();
  const [userCompanies, userSites, userTeams, userEndpoints, endpoints, sites, teams] = await Promise.all([
    db().selectFrom('user_companies').select(['user_id', 'company_id']).execute(),
    db()
      .selectFrom('user_sites')
      .innerJoin('sites', 'sites.id', 'user_sites.site_id')
      .select(['user_id', 'company_id'])
      .execute(),
    db()
      .selectFrom('user_teams')
      .innerJoin('teams', 'teams.id', 'user_teams.team_id')
      .select(['user_id', 'company_id'])
      .execute(),
    db().selectFrom('user_endpoints').select(['user_id', 'company_id']).execute(),
    db().selectFrom('endpoints').select(['company_id', 'endpoint_type_id']).execute(),
    db().selectFrom('sites').select('company_id').execute(),
    db().selectFrom('teams').select('company_id').execute(),
  ]);
  const customers = new Set(customerUsers.map((user) => user.id));
  return companies.map((company): CustomerListItem => {
    const links = [...userCompanies, ...userSites, ...userTeams, ...userEndpoints].filter(
      (link) => link.company_id === company.id && customers.has(link.user_id),
    );
    const countOf = (rows: Array<{ company_id: number }>) => rows.filter((row) => row.company_id === company.id).length;
    return {
      id: company.id,
      name: company.name,
      accountNumber: company.account_number,
      users: new Set(links.map((link) => link.user_id)).size,
      mobileDevices: countOf(endpoints.filter((e) => e.endpoint_type_id === ENDPOINT_TYPE.mobile)),
      broadbandContracts: countOf(endpoints.filter((e) => e.endpoint_type_id === ENDPOINT_TYPE.broadband)),
      sites: countOf(sites),
      teams: countOf(teams),
    };
  });
}

const listOf = async (staff: string, query = '') => {
  const response = await call(staff, 'GET', `${BASE}?$count=true${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ value: CustomerListItem[]; '@odata.count': number }>();
};
const usersOf = async (staff: string, companyId: number) => {
  const response = await call(staff, 'GET', `${BASE}/${companyId}/users?$top=100`);
  expect(response.statusCode).toBe(200);
  return response.json<{ value: CustomerUser[] }>().value;
};

/** A sign-in attempt from an address of its own. */
const login = (username: string, password: string, address = `198.51.100.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`) =>
  context.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    ...form({ username, password, cookiePolicyAccepted: 'true' }),
  });

describe('the console’s customers list', () => {
  it("lists the staff member's partner's companies with counts that agree with a recount", async () => {
    for (const [staff, partner] of [
      ['northwind.staff', 'Northwind Communications'],
      ['brightwave.staff', 'Brightwave Telecom'],
    ] as const) {
      const expected = (await recount(partner)).sort((a, b) => String(a.name).localeCompare(String(b.name)));
      expect(expected.length).toBeGreaterThan(0);
      const list = await listOf(staff, '&$top=100&$orderby=name');
      expect(list['@odata.count']).toBe(expected.length);
      expect(list.value.map(({ createdDate: _, ...row }) => row)).toEqual(expected);
    }
    // Acme has users at every level, and lines of both kinds, sites and teams: the recount is not all zeros.
    const acme = (await listOf('northwind.staff', "&$filter=name eq 'Acme Logistics Ltd'")).value[0];
    expect(acme).toMatchObject({ users: expect.any(Number), sites: expect.any(Number) });
    for (const count of ['users', 'mobileDevices', 'broadbandContracts', 'sites', 'teams'] as const) {
      expect(acme?.[count]).toBeGreaterThan(0);
    }
  });

  it('filters, sorts and pages on the counts as on the names', async () => {
    const all = (await listOf('northwind.staff', '&$top=100')).value;
    const byDevices = await listOf('northwind.staff', '&$orderby=mobileDevices desc,name&$top=2&$skip=1');
    const sorted = [...all].sort(
      (a, b) => Number(b.mobileDevices) - Number(a.mobileDevices) || String(a.name).localeCompare(String(b.name)),
    );
    expect(byDevices.value.map((row) => row.id)).toEqual(sorted.slice(1, 3).map((row) => row.id));
    expect(byDevices['@odata.count']).toBe(all.length);
    const withTeams = await listOf('northwind.staff', "&$filter=teams gt 0 and contains(name,'Initech')");
    expect(withTeams.value.map((row) => row.name).sort()).toEqual(
      all
        .filter((row) => Number(row.teams) > 0 && String(row.name).includes('Initech'))
        .map((row) => row.name)
        .sort(),
    );
    const bad = await call('northwind.staff', 'GET', `${BASE}?$orderby=throttled`);
    expect(bad.statusCode).toBe(400);
  });

  it('is for partner staff only', async () => {
    expect((await call('acme.admin', 'GET', BASE)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe("a customer's page", () => {
  it("shows the company and its users, never the partner's staff, and answers 404 for another partner's", async () => {
    const acme = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const wayne = await idOf(db(), 'companies', 'Wayne Haulage Ltd');
    const company = await call('northwind.staff', 'GET', `${BASE}/${acme}`);
    expect(company.statusCode).toBe(200);
    const [expected] = (await recount('Northwind Communications')).filter((row) => row.id === acme);
    expect(company.json()).toMatchObject({ ...expected, createdDate: expect.any(String) });

    const users = await usersOf('northwind.staff', acme);
    const names = users.map((user) => user.userName);
    expect(names).toEqual(expect.arrayContaining(['acme.admin', 'acme.sitemanager', 'acme.teamlead', 'acme.mobile']));
    expect(users).toHaveLength(Number(expected?.users));
    expect(names).not.toContain('northwind.staff');
    expect(users.find((user) => user.userName === 'acme.admin')).toMatchObject({
      emailAddress: 'it.admin@acmelogistics.co.uk',
      profileName: 'Company Administrator',
      awaitingFirstPassword: false,
      throttled: false,
      throttledForSeconds: 0,
    });

    // Brightwave's company and user, and Northwind's own staff, are nobody's here.
    const wayneAdmin = await userIdOf(db(), 'wayne.admin');
    const acmeAdmin = await userIdOf(db(), 'acme.admin');
    const staff = await userIdOf(db(), 'northwind.staff');
    // A staff member linked to a customer by mistake is still no customer's user.
    await db().insertInto('user_companies').values({ user_id: staff, company_id: acme, partner_id: 1 }).execute();
    try {
      expect((await usersOf('northwind.staff', acme)).map((user) => user.userName)).not.toContain('northwind.staff');
      for (const [method, url] of [
        ['GET', `${BASE}/${wayne}`],
        ['GET', `${BASE}/${wayne}/users`],
        ['POST', `${BASE}/${wayne}/users/${wayneAdmin}/password-reset`],
        ['POST', `${BASE}/${wayne}/users/${wayneAdmin}/unlock`],
        ['POST', `${BASE}/${acme}/users/${wayneAdmin}/password-reset`],
        ['POST', `${BASE}/${wayne}/users/${acmeAdmin}/unlock`],
        ['POST', `${BASE}/${acme}/users/${staff}/password-reset`],
        ['POST', `${BASE}/${acme}/users/${staff}/unlock`],
      ] as const) {
        expect((await call('northwind.staff', method, url)).statusCode, `${method} ${url}`).toBe(404);
      }
      // Brightwave's staff see theirs, and not Northwind's.
      expect((await call('brightwave.staff', 'GET', `${BASE}/${wayne}`)).statusCode).toBe(200);
      expect((await call('brightwave.staff', 'GET', `${BASE}/${acme}/users`)).statusCode).toBe(404);
    } finally {
      await db().deleteFrom('user_companies').where('user_id', '=', staff).execute();
    }
  });

  it("sends a customer's user the forgot-password e-mail, audited as the staff member's", async () => {
    const acme = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const user = await userIdOf(db(), 'acme.finance');
    const response = await call('northwind.staff', 'POST', `${BASE}/${acme}/users/${user}/password-reset`);
    expect(response.statusCode).toBe(204);

    const [mail] = await inbox.mailsTo('accounts@acmelogistics.co.uk');
    expect(mail?.headers.subject).toContain('Northwind Communications');
    const temporary = /temporary password is:\s+(\S+)/i.exec(mail?.text ?? '')?.[1] ?? '';
    expect(temporary).not.toBe('');
    const event = await db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'row_key', 'after', 'company_ids'])
      .where('action', '=', 'password.reset_requested')
      .where('request_id', '=', String(response.headers['x-request-id']))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_user_id: await userIdOf(db(), 'northwind.staff'),
      row_key: { id: user },
      after: { by: 'partner-staff' },
      company_ids: [acme],
    });
    // As with forgot password, the current password works on, and the temporary one sets a new password once.
    expect((await login('acme.finance', DEMO_PASSWORD)).statusCode).toBe(200);
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/login/changePassword',
      ...form({ userName: 'acme.finance', currentPassword: temporary, newPassword: 'Copper-Lantern-5829' }),
    });
    expect(changed.statusCode).toBe(200);
    expect((await login('acme.finance', 'Copper-Lantern-5829')).statusCode).toBe(200);
  });

  it('refuses a reset for a company that signs in through its identity provider only', async () => {
    const globex = await idOf(db(), 'companies', 'Globex Engineering Ltd');
    const user = await userIdOf(db(), 'globex.admin');
    await db()
      .insertInto('company_sign_in_policies')
      .values({ company_id: globex, single_sign_on_only: true })
      .execute();
    try {
      const before = (await db().selectFrom('email_outbox').select('id').execute()).length;
      const response = await call('northwind.staff', 'POST', `${BASE}/${globex}/users/${user}/password-reset`);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().message).toBe(CUSTOMER_MESSAGES.singleSignOnOnly);
      expect((await db().selectFrom('email_outbox').select('id').execute()).length).toBe(before);
    } finally {
      await db().deleteFrom('company_sign_in_policies').where('company_id', '=', globex).execute();
    }
  });

  it('shows a throttled username and unlocks it, so its user signs in again at once', async () => {
    const acme = await idOf(db(), 'companies', 'Acme Logistics Ltd');
    const user = await userIdOf(db(), 'acme.teamlead');
    // Five free failures, then each one makes the username wait.
    for (let attempt = 0; attempt < 8; attempt++) await login('acme.teamlead', 'Wrong-Password-1');
    const refused = await login('acme.teamlead', DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    const throttled = (await usersOf('northwind.staff', acme)).find((row) => row.id === user);
    expect(throttled).toMatchObject({ throttled: true, throttledForSeconds: expect.any(Number) });
    expect(throttled?.throttledForSeconds).toBeGreaterThan(0);

    const unlocked = await call('northwind.staff', 'POST', `${BASE}/${acme}/users/${user}/unlock`);
    expect(unlocked.statusCode).toBe(204);
    expect((await usersOf('northwind.staff', acme)).find((row) => row.id === user)).toMatchObject({
      throttled: false,
    });
    expect((await login('acme.teamlead', DEMO_PASSWORD)).statusCode).toBe(200);
    const event = await db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'row_key', 'after', 'company_ids'])
      .where('action', '=', 'login.throttle_cleared')
      .where('request_id', '=', String(unlocked.headers['x-request-id']))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_user_id: await userIdOf(db(), 'northwind.staff'),
      row_key: { id: user },
      after: { userName: 'acme.teamlead', wasThrottled: true },
      company_ids: [acme],
    });
  });
});

describe('onboarding a customer', () => {
  const input = {
    name: 'Stark Freight Ltd',
    accountNumber: 'NW-STARK-01',
    userName: 'stark.admin',
    emailAddress: 'it@starkfreight.co.uk',
  };
  const companyCount = async () => (await db().selectFrom('companies').select('id').execute()).length;

  it('creates the company and its Company Administrator, who is e-mailed a first password and sees the company', async () => {
    const response = await call('northwind.staff', 'POST', BASE, input);
    expect(response.statusCode).toBe(201);
    const { company, administratorId } = response.json();
    expect(company).toMatchObject({
      name: input.name,
      accountNumber: input.accountNumber,
      users: 1,
      mobileDevices: 0,
      broadbandContracts: 0,
      sites: 0,
      teams: 0,
    });
    const row = await db()
      .selectFrom('companies')
      .innerJoin('partners', 'partners.id', 'companies.partner_id')
      .select('partners.name')
      .where('companies.id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Northwind Communications');
    const administrator = (await usersOf('northwind.staff', company.id))[0];
    expect(administrator).toMatchObject({
      id: administratorId,
      userName: 'stark.admin',
      profileName: 'Company Administrator',
      awaitingFirstPassword: true,
      lastSignIn: null,
    });
    // The profile's functionality, as the user form gives a new Company Administrator.
    const granted = await db()
      .selectFrom('user_functionality')
      .select('functionality_id')
      .where('user_id', '=', administratorId)
      .orderBy('functionality_id')
      .execute();
    const defaults = await db()
      .selectFrom('profile_functionality')
      .innerJoin('profiles', 'profiles.id', 'profile_functionality.profile_id')
      .select('functionality_id')
      .where('profiles.name', '=', 'Company Administrator')
      .orderBy('functionality_id')
      .execute();
    expect(granted).toEqual(defaults);
    expect(
      await db()
        .selectFrom('audit_log')
        .select(['actor_user_id', 'company_ids'])
        .where('action', '=', 'console.customer_onboarded')
        .where('request_id', '=', String(response.headers['x-request-id']))
        .executeTakeFirst(),
    ).toEqual({ actor_user_id: await userIdOf(db(), 'northwind.staff'), company_ids: [company.id] });

    const [mail] = await inbox.mailsTo(input.emailAddress);
    expect(mail?.headers.subject).toBe('Your new account on the Northwind Communications business portal');
    const temporary = /temporary password is:\s+(\S+)/i.exec(mail?.text ?? '')?.[1] ?? '';
    expect(temporary).not.toBe('');
    expect(response.body).not.toContain(temporary);
    const changed = await context.app.inject({
      method: 'POST',
      url: '/api/login/changePassword',
      ...form({ userName: 'stark.admin', currentPassword: temporary, newPassword: 'Copper-Lantern-5829' }),
    });
    expect(changed.statusCode).toBe(200);
    const session = await signIn(context.app, 'stark.admin', 'Copper-Lantern-5829');
    const companies = await context.app.inject({
      method: 'GET',
      url: '/api/companies',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(companies.json().value.map((c: { name: string }) => c.name)).toEqual([input.name]);
    // Its sign-in is what the console shows next.
    expect((await usersOf('northwind.staff', company.id))[0]?.lastSignIn).toEqual(expect.any(String));
  });

  it.each([
    ['accountNumber', 'unique', { accountNumber: 'NW-STARK-01' }],
    // Another partner's account number is taken too: account numbers are the portal's.
    ['accountNumber', 'unique', { accountNumber: 'BW000005' }],
    ['name', 'unique', { name: 'acme logistics ltd' }],
    ['userName', 'unique', { userName: 'ACME.ADMIN' }],
    ['accountNumber', 'pattern', { accountNumber: 'nw 12' }],
    ['name', 'too_small', { name: '   ' }],
    ['emailAddress', 'pattern', { emailAddress: 'not-an-address' }],
  ])('refuses a taken or invalid %s (%s) with a 400 naming it, and writes nothing', async (field, _rule, change) => {
    const before = await companyCount();
    const outbox = (await db().selectFrom('email_outbox').select('id').execute()).length;
    const body = {
      ...input,
      name: 'Oscorp Haulage Ltd',
      accountNumber: 'NW-OSCORP',
      userName: 'oscorp.admin',
      ...change,
    };
    const response = await call('northwind.staff', 'POST', BASE, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details?.map((detail) => detail.field)).toEqual([field]);
    expect(await companyCount()).toBe(before);
    expect((await db().selectFrom('email_outbox').select('id').execute()).length).toBe(outbox);
  });
});
