import { randomBytes } from 'node:crypto';
import { type CompanySso, SSO_MESSAGES, type SsoApprovalItem } from '@portal/contract';
import { startIdentityProvider, type TestIdentityProvider } from '@portal/identity-sim';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, changesHeard, signIn, useDemoApp } from '../support/test-app.js';

// Single sign-on over OpenID Connect (docs/decisions/0208), driven over HTTP against a real provider
// (oidc-provider) started in this process: the portal's API through app.inject, the provider through fetch.

const PUBLIC_URL = 'https://portal.example.test/';
const REDIRECT_URI = `${PUBLIC_URL}single-sign-on`;
const DOMAIN = 'acme-sso.example';

const context = useDemoApp({ PUBLIC_URL, SSO_ALLOW_HTTP_ISSUERS: 'true' });
let idp: TestIdentityProvider;
let acmeId: number;
let profiles: Record<'finance' | 'siteManager' | 'mobileUser', number>;
let acmeSite: number;
let admin: string;
let staff: string;

const db = () => context.database.db;

beforeAll(async () => {
  idp = await startIdentityProvider({
    redirectUri: REDIRECT_URI,
    accounts: {
      'sub-new-person': { email: `new.person@${DOMAIN}`, groups: ['portal-finance'] },
      'sub-no-group': { email: `no.group@${DOMAIN}`, groups: ['canteen'] },
      'sub-outsider': { email: 'someone@elsewhere.example', groups: ['portal-finance'] },
      'sub-acme-finance': { email: `finance@${DOMAIN}`, groups: [] },
      'sub-globex-admin': { email: `globex@${DOMAIN}`, groups: ['portal-finance'] },
      'sub-unverified': { email: `unverified@${DOMAIN}`, email_verified: false, groups: ['portal-finance'] },
    },
  });
  const acme = await db()
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Acme Logistics Ltd')
    .executeTakeFirstOrThrow();
  acmeId = acme.id;
  const profileId = async (name: string) =>
    (await db().selectFrom('profiles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  profiles = {
    finance: await profileId('Finance'),
    siteManager: await profileId('Site Manager'),
    mobileUser: await profileId('Mobile User'),
  };
  acmeSite = (
    await db().selectFrom('sites').select('id').where('company_id', '=', acmeId).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  // The users the provider vouches for at the company's domain: one of Acme's, one of Globex's (another company).
  await db()
    .updateTable('users')
    .set({ email_address: `finance@${DOMAIN}` })
    .where('user_name', '=', 'acme.finance')
    .execute();
  await db()
    .updateTable('users')
    .set({ email_address: `globex@${DOMAIN}` })
    .where('user_name', '=', 'globex.admin')
    .execute();
  await changesHeard(context.app);
  admin = (await signIn(context.app, 'acme.admin')).accessToken;
  staff = (await signIn(context.app, 'northwind.staff')).accessToken;
});
afterAll(() => idp?.stop());

const connectionBody = (overrides: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  emailDomains: [DOMAIN],
  groupMappings: [
    { group: 'portal-finance', profileId: profiles.finance },
    { group: 'portal-sites', profileId: profiles.siteManager, siteIds: [acmeSite] },
  ],
  ...overrides,
});

function saveConnection(body: Record<string, unknown>, token = admin, companyId = acmeId) {
  return context.app.inject({
    method: 'PUT',
    url: `/api/companies/${companyId}/sso`,
    headers: bearer(token),
    payload: body,
  });
}

function decide(approved: boolean) {
  return context.app.inject({
    method: 'POST',
    url: '/api/sso/approvals',
    headers: bearer(staff),
    payload: { companyId: acmeId, approved },
  });
}

/** A client address of its own, so no test waits on another's throttled failures. */
const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

/** Cookies a browser would keep for the provider's origin, honouring their paths. */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', ...value] = pair.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, { value: value.join('='), path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}

type ProviderRound = { callback: string; browserToken: string; state: string };

/**
 * What a browser does: asks the portal where to sign in, follows the provider's redirects, submits its sign-in form
 * as `account`, and stops where the provider sends it back to the portal, with the query it brought.
 */
async function throughProvider(login: string, account: string, address = freshAddress()): Promise<ProviderRound> {
  const start = await context.app.inject({
    method: 'POST',
    url: '/api/login/sso',
    remoteAddress: address,
    payload: { login },
  });
  expect(start.statusCode, start.body).toBe(200);
  const browserToken = start.cookies.find((cookie) => cookie.name === 'portal_sso');
  expect(browserToken?.httpOnly).toBe(true);
  let url = start.json<{ authorizationUrl: string }>().authorizationUrl;
  expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
  const jar = new CookieJar();
  for (let hop = 0; hop < 12 && !url.startsWith(REDIRECT_URI); hop++) {
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
    jar.store(response);
    if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      expect(await response.text()).toContain('<form');
      response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account }).toString(),
      });
      jar.store(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).href;
  }
  expect(url.startsWith(REDIRECT_URI)).toBe(true);
  const callback = new URL(url).search;
  return { callback, browserToken: browserToken?.value ?? '', state: new URLSearchParams(callback).get('state') ?? '' };
}

function complete(round: Pick<ProviderRound, 'callback' | 'browserToken'>, address = freshAddress()) {
  return context.app.inject({
    method: 'POST',
    url: '/api/login/sso/callback',
    remoteAddress: address,
    cookies: { portal_sso: round.browserToken },
    payload: { callback: round.callback, cookiePolicyAccepted: true },
  });
}

const userNamed = (userName: string) =>
  db()
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.id', 'users.email_address', 'profiles.name as profile'])
    .where('users.user_name', '=', userName)
    .executeTakeFirst();

const refusal = (response: { json: <T>() => T }) =>
  response.json<{ details: Array<{ field: string; rule: string; message: string }> }>().details[0];

describe('a company connecting its identity provider', () => {
  it('keeps the client secret sealed: no answer, audit entry or column holds it', async () => {
    const saved = await saveConnection(connectionBody());
    expect(saved.statusCode, saved.body).toBe(200);
    const sso = saved.json<CompanySso>();
    expect(sso.connection).toMatchObject({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecretSet: true,
      emailDomains: [DOMAIN],
      status: 'awaiting_approval',
    });
    expect(sso.redirectUri).toBe(REDIRECT_URI);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/companies/${acmeId}/sso`,
      headers: bearer(admin),
    });
    const approvals = await context.app.inject({ method: 'GET', url: '/api/sso/approvals', headers: bearer(staff) });
    for (const body of [saved.body, read.body, approvals.body]) expect(body).not.toContain(idp.clientSecret);
    expect(approvals.json<SsoApprovalItem[]>().map((item) => item.companyId)).toContain(acmeId);

    const stored = await db()
      .selectFrom('sso_connections')
      .select('client_secret_sealed')
      .where('company_id', '=', acmeId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.client_secret_sealed).includes(idp.clientSecret)).toBe(false);
    const audited = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM audit_log
      WHERE coalesce(after::text, '') || coalesce(before::text, '') LIKE ${`%${idp.clientSecret}%`}) AS found`.execute(
      db(),
    );
    expect(audited.rows[0]?.found).toBe(false);
  });

  it("refuses mappings beyond the administrator's rights and another company's domain, changing nothing", async () => {
    const device = await saveConnection(
      connectionBody({ groupMappings: [{ group: 'x', profileId: profiles.mobileUser }] }),
    );
    expect(device.statusCode).toBe(400);
    expect(refusal(device)).toMatchObject({ field: 'groupMappings.0.profileId', rule: 'group_level' });
    const globex = await signIn(context.app, 'globex.admin');
    const taken = await saveConnection(connectionBody(), globex.accessToken, await companyOf('globex.admin'));
    expect(taken.statusCode).toBe(400);
    expect(refusal(taken)).toMatchObject({ field: 'emailDomains', rule: 'unique' });
    const foreign = await saveConnection(connectionBody(), admin, await companyOf('globex.admin'));
    expect(foreign.statusCode).toBe(404);
  });

  it('lets nobody sign in through it until the partner approves it', async () => {
    const start = await context.app.inject({
      method: 'POST',
      url: '/api/login/sso',
      remoteAddress: freshAddress(),
      payload: { login: `new.person@${DOMAIN}` },
    });
    expect(start.statusCode).toBe(400);
    expect(refusal(start)).toMatchObject({ field: 'login', rule: 'sso_set_up' });
    const approved = await decide(true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<SsoApprovalItem>().status).toBe('approved');
  });
});

async function companyOf(userName: string) {
  const row = await db()
    .selectFrom('user_companies')
    .innerJoin('users', 'users.id', 'user_companies.user_id')
    .select('user_companies.company_id')
    .where('users.user_name', '=', userName)
    .executeTakeFirstOrThrow();
  return row.company_id;
}

describe('signing in through the provider', () => {
  it('makes a new user of the company from their group, and signs them in as a password would', async () => {
    const round = await throughProvider(`new.person@${DOMAIN}`, 'sub-new-person');
    const answer = await complete(round);
    expect(answer.statusCode, answer.body).toBe(200);
    const reply = answer.json<{ token: { access_token: string; refresh_token: string }; roles: string[] }>();
    expect(decodeJwt(reply.token.access_token)).toMatchObject({
      given_name: `new.person@${DOMAIN}`,
      profile: 'Finance',
    });
    expect(reply.roles).toEqual(['customer']);
    const user = await userNamed(`new.person@${DOMAIN}`);
    expect(user?.profile).toBe('Finance');
    expect(await companyOf(`new.person@${DOMAIN}`)).toBe(acmeId);
    // The session is a real one: it reads the company, and refreshes.
    const names = await context.app.inject({
      method: 'GET',
      url: '/api/companies/names',
      headers: bearer(reply.token.access_token),
    });
    expect(names.json<{ value: Array<{ id: number }> }>().value.map((c) => c.id)).toEqual([acmeId]);
    const signIns = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'login.succeeded')
      .where('actor_user_id', '=', user?.id ?? 0)
      .execute();
    expect(signIns.map((event) => event.after)).toEqual([expect.objectContaining({ method: 'sso' })]);
    const provisioned = await db()
      .selectFrom('audit_log')
      .select('row_key')
      .where('action', '=', 'sso.user_provisioned')
      .execute();
    expect(provisioned.map((event) => event.row_key)).toContainEqual({ id: user?.id });
  });

  it('brings a user it made up to date with their groups at the next sign-in', async () => {
    idp.accounts.set('sub-new-person', { email: `new.person@${DOMAIN}`, groups: ['canteen', 'portal-sites'] });
    const answer = await complete(await throughProvider(`new.person@${DOMAIN}`, 'sub-new-person'));
    expect(answer.statusCode, answer.body).toBe(200);
    const user = await userNamed(`new.person@${DOMAIN}`);
    expect(user?.profile).toBe('Site Manager');
    const sites = await db()
      .selectFrom('user_sites')
      .select('site_id')
      .where('user_id', '=', user?.id ?? 0)
      .execute();
    expect(sites.map((site) => site.site_id)).toEqual([acmeSite]);
  });

  it('signs an existing user of the company in by their address, and keeps to them', async () => {
    const answer = await complete(await throughProvider(`finance@${DOMAIN}`, 'sub-acme-finance'));
    expect(answer.statusCode, answer.body).toBe(200);
    const claims = decodeJwt(answer.json<{ token: { access_token: string } }>().token.access_token);
    expect(claims.given_name).toBe('acme.finance');
    const linked = await db()
      .selectFrom('sso_identities')
      .innerJoin('users', 'users.id', 'sso_identities.user_id')
      .select(['users.user_name', 'sso_identities.provisioned'])
      .where('subject', '=', 'sub-acme-finance')
      .executeTakeFirstOrThrow();
    expect(linked).toEqual({ user_name: 'acme.finance', provisioned: false });
  });

  it("under two-step verification required, takes only a sign-in whose ID token reports the provider's second factor", async () => {
    await db().insertInto('company_sign_in_policies').values({ company_id: acmeId, two_step_required: true }).execute();
    try {
      const withPasswordOnly = await complete(await throughProvider(`finance@${DOMAIN}`, 'sub-acme-finance'));
      expect(withPasswordOnly.statusCode).toBe(400);
      expect(refusal(withPasswordOnly)).toEqual({
        field: 'callback',
        rule: 'single_factor',
        message: SSO_MESSAGES.secondStepRequired,
      });

      idp.accounts.set('sub-acme-finance', { email: `finance@${DOMAIN}`, groups: [], amr: ['pwd', 'mfa'] });
      const withSecondFactor = await complete(await throughProvider(`finance@${DOMAIN}`, 'sub-acme-finance'));
      expect(withSecondFactor.statusCode, withSecondFactor.body).toBe(200);
      const { sid } = decodeJwt(withSecondFactor.json<{ token: { access_token: string } }>().token.access_token);
      const session = await db()
        .selectFrom('sign_in_sessions')
        .select(['method', 'second_factor'])
        .where('family_id', '=', String(sid))
        .executeTakeFirstOrThrow();
      expect(session).toEqual({ method: 'sso', second_factor: 'provider' });
    } finally {
      idp.accounts.set('sub-acme-finance', { email: `finance@${DOMAIN}`, groups: [] });
      await db().deleteFrom('company_sign_in_policies').where('company_id', '=', acmeId).execute();
    }
  });

  it('refuses a user of another company, one outside the domains, one unverified, and one with no group', async () => {
    const before = await db().selectFrom('users').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [login, account, rule] of [
      [`globex@${DOMAIN}`, 'sub-globex-admin', 'other_company'],
      [`someone@${DOMAIN}`, 'sub-outsider', 'email_domain'],
      [`unverified@${DOMAIN}`, 'sub-unverified', 'email_domain'],
      [`no.group@${DOMAIN}`, 'sub-no-group', 'no_group'],
    ] as const) {
      const answer = await complete(await throughProvider(login, account));
      expect(answer.statusCode, `${account}: ${answer.body}`).toBe(400);
      expect(refusal(answer)).toMatchObject({ field: 'callback', rule });
      expect(answer.body).not.toContain('access_token');
    }
    const after = await db().selectFrom('users').select(db().fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const failures = await db()
      .selectFrom('audit_log')
      .select(sql<string>`after ->> 'reason'`.as('reason'))
      .where('action', '=', 'login.failed')
      .where(sql`after ->> 'method'`, '=', 'sso')
      .execute();
    expect(failures.map((failure) => failure.reason)).toEqual(
      expect.arrayContaining(['other_company', 'email_domain', 'no_group']),
    );
  });

  it('refuses a wrong state, another browser, a used answer and a wrong nonce', async () => {
    const round = await throughProvider(`new.person@${DOMAIN}`, 'sub-new-person');
    const wrongState = round.callback.replace(`state=${round.state}`, 'state=forged-state-value');
    expect(refusal(await complete({ ...round, callback: wrongState }))).toMatchObject({ rule: 'expired' });
    // Another browser (no cookie, or another's) cannot finish it; the answer is then used up.
    expect(refusal(await complete({ ...round, browserToken: 'someone-elses-browser' }))).toMatchObject({
      rule: 'expired',
    });
    expect(refusal(await complete(round))).toMatchObject({ rule: 'expired' });

    const next = await throughProvider(`new.person@${DOMAIN}`, 'sub-new-person');
    await db()
      .updateTable('sso_sign_ins')
      .set({ nonce: 'not-the-nonce-sent' })
      .where('state', '=', next.state)
      .execute();
    const answer = await complete(next);
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer)).toMatchObject({ rule: 'provider' });
  });

  it('throttles repeated failures from one address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++) {
      const answer = await complete(
        { callback: `?code=guess${attempt}&state=guess${attempt}`, browserToken: 'x' },
        address,
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  });

  it('stops signing anyone in once the approval is withdrawn, or a new issuer waits for it again', async () => {
    const round = await throughProvider(`new.person@${DOMAIN}`, 'sub-new-person');
    expect((await decide(false)).statusCode).toBe(200);
    expect(refusal(await complete(round))).toMatchObject({ rule: 'not_approved' });
    expect((await decide(true)).statusCode).toBe(200);
    const renamed = await saveConnection(connectionBody({ issuer: `${idp.issuer}/`, clientSecret: undefined }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<CompanySso>().connection?.status).toBe('awaiting_approval');
  });
});
