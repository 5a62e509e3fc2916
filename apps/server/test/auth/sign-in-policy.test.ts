import { LoginReplySchema, OAuthErrorSchema } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';

// A company's sign-in policy (docs/decisions/0210) through HTTP: who may read and save it, what a save checks, the
// sessions that end when enforcement is turned on, and what the policy asks of the sign-ins that follow. Each test
// builds a company of its own (of acme.admin's partner), so no policy reaches another test's users. The server's
// clock is faked (Date only) so that each authenticator code comes from a 30-second step of its own.

const context = useDemoApp();
const app = () => context.app;
const db = () => context.database.db;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

const later = (ms = 30_000) => vi.setSystemTime(Date.now() + ms);
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

const post = (url: string, fields: Record<string, string>) =>
  app().inject({ method: 'POST', url, remoteAddress: '192.0.2.20', ...form(fields) });
const passwordStep = (username: string) =>
  post('/api/login', { username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' });
const policyOf = (token: string, companyId: number) =>
  app().inject({ method: 'GET', url: `/api/companies/${companyId}/signInPolicy`, headers: bearer(token) });
const savePolicy = (token: string, companyId: number, body: Record<string, unknown>) =>
  app().inject({
    method: 'PUT',
    url: `/api/companies/${companyId}/signInPolicy`,
    headers: bearer(token),
    payload: { twoStepRequired: false, singleSignOnOnly: false, breakGlassUserId: null, passkeySignIn: false, ...body },
  });
/** Whether the session of this access token is still live: any signed-in call answers 401 once it has ended. */
const stillSignedIn = async (token: string) =>
  (await app().inject({ method: 'GET', url: '/api/twoStep', headers: bearer(token) })).statusCode === 200;

let made = 0;

/** A new company of acme.admin's partner. */
async function newCompany(): Promise<number> {
  const acme = await db()
    .selectFrom('companies')
    .select('partner_id')
    .where('name', '=', 'Acme Logistics Ltd')
    .executeTakeFirstOrThrow();
  made += 1;
  const company = await db()
    .insertInto('companies')
    .values({ partner_id: acme.partner_id, name: `Policy Test ${made} Ltd`, account_number: `PT${made}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return company.id;
}

/**
 * A new user of the company (password DEMO_PASSWORD), with the profile and functionality of `like`: acme.admin
 * makes an administrator (ManageUser Write at Company level), acme.finance a Company-level user who is not one.
 */
async function newUser(companyIds: number[], like: 'acme.admin' | 'acme.finance' = 'acme.finance') {
  const template = await db()
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .select(['users.id', 'users.partner_id', 'users.profile_id', 'user_credentials.password_hash'])
    .where('users.user_name', '=', like)
    .executeTakeFirstOrThrow();
  made += 1;
  const userName = `policy.user${made}`;
  const user = await db()
    .insertInto('users')
    .values({
      partner_id: template.partner_id,
      user_name: userName,
      email_address: `${userName}@example.co.uk`,
      profile_id: template.profile_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: template.password_hash, expires_at: null })
    .execute();
  const grants = await db()
    .selectFrom('user_functionality')
    .select('functionality_id')
    .where('user_id', '=', template.id)
    .execute();
  if (grants.length > 0) {
    await db()
      .insertInto('user_functionality')
      .values(grants.map((grant) => ({ user_id: user.id, functionality_id: grant.functionality_id })))
      .execute();
  }
  await db()
    .insertInto('user_companies')
    .values(companyIds.map((company_id) => ({ user_id: user.id, company_id, partner_id: template.partner_id })))
    .execute();
  return { id: user.id, userName };
}

/** An approved single sign-on connection of the company (what decision 0208's approval leaves behind). */
async function approvedConnection(companyId: number) {
  const staff = await db()
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', 'acme.admin')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('sso_connections')
    .values({
      company_id: companyId,
      issuer: `https://idp${companyId}.example.com`,
      client_id: 'portal',
      client_secret_sealed: Buffer.from('sealed'),
      group_mappings: '[]',
      approved_at: new Date(),
      approved_by_user_id: staff.id,
    })
    .execute();
}

/**
 * Marks a session as begun through single sign-on, as the provider's sign-in records it: with `provider` as its
 * second factor when the provider's ID token reported one (decision 0212).
 */
async function begunThroughSingleSignOn(accessToken: string, secondFactor: 'provider' | null = null) {
  const sessionId = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sid as string;
  await db()
    .updateTable('sign_in_sessions')
    .set({ method: 'sso', second_factor: secondFactor })
    .where('family_id', '=', sessionId)
    .execute();
}

/** Sets an authenticator app up on My Account; answers its key. */
async function enrol(username: string) {
  const { accessToken } = await signIn(app(), username);
  const started = await app().inject({
    method: 'POST',
    url: '/api/twoStep/authenticator',
    headers: bearer(accessToken),
    payload: {},
  });
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await app().inject({
    method: 'POST',
    url: '/api/twoStep/authenticator/confirm',
    headers: bearer(accessToken),
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  later();
  return { secret, accessToken };
}

async function eventsOf(action: string) {
  const rows = await db().selectFrom('audit_log').select('after').where('action', '=', action).orderBy('id').execute();
  return rows.map((row) => row.after as Record<string, unknown>);
}

describe('who reads and saves a company sign-in policy', () => {
  it('answers its administrators, with no policy at first, and 404 to anyone who does not hold the company whole', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const { accessToken } = await signIn(app(), admin.userName);
    const read = await policyOf(accessToken, company);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      twoStepRequired: false,
      singleSignOnOnly: false,
      breakGlassUserId: null,
      passkeySignIn: false,
      updatedAt: null,
      singleSignOnApproved: false,
      administrators: [{ id: admin.id, name: admin.userName }],
    });
    // Another company's administrator, and a user of the company without ManageUser Write.
    const globex = await signIn(app(), 'globex.admin');
    expect((await policyOf(globex.accessToken, company)).statusCode).toBe(404);
    expect((await savePolicy(globex.accessToken, company, { twoStepRequired: true })).statusCode).toBe(404);
    const plain = await signIn(app(), member.userName);
    expect((await policyOf(plain.accessToken, company)).statusCode).toBe(403);
    // A site manager holds ManageUser Write nowhere whole: the company is not theirs to administer.
    const site = await signIn(app(), 'acme.sitemanager');
    expect([403, 404]).toContain((await policyOf(site.accessToken, company)).statusCode);
    expect(
      await db().selectFrom('company_sign_in_policies').selectAll().where('company_id', '=', company).execute(),
    ).toEqual([]);
  });
});

describe('what a save checks', () => {
  it('refuses single sign-on only without an approved connection or a break-glass administrator, naming the field, and saves nothing', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const outsider = await newUser([await newCompany()], 'acme.admin');
    const { accessToken } = await signIn(app(), admin.userName);
    const fieldOf = (response: { json: () => unknown }) =>
      (response.json() as { details: { field: string; rule: string }[] }).details[0];

    const noConnection = await savePolicy(accessToken, company, { singleSignOnOnly: true, breakGlassUserId: admin.id });
    expect(noConnection.statusCode).toBe(400);
    expect(fieldOf(noConnection)).toMatchObject({ field: 'singleSignOnOnly', rule: 'approved_connection' });

    await approvedConnection(company);
    const noBreakGlass = await savePolicy(accessToken, company, { singleSignOnOnly: true });
    expect(fieldOf(noBreakGlass)).toMatchObject({ field: 'breakGlassUserId', rule: 'required' });
    for (const notAdministrator of [member.id, outsider.id]) {
      const refused = await savePolicy(accessToken, company, {
        singleSignOnOnly: true,
        breakGlassUserId: notAdministrator,
      });
      expect(refused.statusCode).toBe(400);
      expect(fieldOf(refused)).toMatchObject({ field: 'breakGlassUserId', rule: 'administrator' });
    }
    const badBody = await savePolicy(accessToken, company, { twoStepRequired: 'yes' });
    expect(badBody.statusCode).toBe(400);
    expect(
      await db().selectFrom('company_sign_in_policies').selectAll().where('company_id', '=', company).execute(),
    ).toEqual([]);

    const saved = await savePolicy(accessToken, company, { singleSignOnOnly: true, breakGlassUserId: admin.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      singleSignOnOnly: true,
      breakGlassUserId: admin.id,
      singleSignOnApproved: true,
    });
  });
});

describe('turning enforcement on', () => {
  it('two-step required ends the single-factor sessions of the company’s users, keeps the rest, and counts them first with a dry run', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const passwordOnly = await newUser([company]);
    const withApp = await newUser([company]);
    const throughProvider = await newUser([company]);
    const providerWithoutFactor = await newUser([company]);
    const elsewhere = await newUser([await newCompany()]);

    const adminSession = await signIn(app(), admin.userName);
    const passwordSession = await signIn(app(), passwordOnly.userName);
    const { secret } = await enrol(withApp.userName);
    const codeSession = await post('/api/login/secondStep', {
      challenge: OAuthErrorSchema.parse((await passwordStep(withApp.userName)).json()).challenge ?? '',
      code: codeOf(secret),
    });
    const withAppToken = LoginReplySchema.parse(codeSession.json()).token.access_token;
    const providerSession = await signIn(app(), throughProvider.userName);
    await begunThroughSingleSignOn(providerSession.accessToken, 'provider');
    const singleFactorProviderSession = await signIn(app(), providerWithoutFactor.userName);
    await begunThroughSingleSignOn(singleFactorProviderSession.accessToken);
    const elsewhereSession = await signIn(app(), elsewhere.userName);
    // A session from before sign_in_sessions cannot show how it began: it falls short.
    const oldSession = await signIn(app(), throughProvider.userName);
    const oldId = JSON.parse(Buffer.from(oldSession.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;
    await db().deleteFrom('sign_in_sessions').where('family_id', '=', oldId).execute();

    const dryRun = await savePolicy(adminSession.accessToken, company, { twoStepRequired: true, dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    // The administrator's own, the password-only one, the single sign-on whose provider reported one factor, and the
    // old one; enrol() signed withApp in by password too.
    expect(dryRun.json()).toMatchObject({ sessionsEnded: 5, ownSessionEnded: true, twoStepRequired: false });
    expect(await stillSignedIn(passwordSession.accessToken)).toBe(true);

    const saved = await savePolicy(adminSession.accessToken, company, { twoStepRequired: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ twoStepRequired: true, sessionsEnded: 5, ownSessionEnded: true });
    expect(await stillSignedIn(passwordSession.accessToken)).toBe(false);
    expect(await stillSignedIn(oldSession.accessToken)).toBe(false);
    expect(await stillSignedIn(singleFactorProviderSession.accessToken)).toBe(false);
    expect(await stillSignedIn(adminSession.accessToken)).toBe(false);
    expect(await stillSignedIn(withAppToken)).toBe(true);
    expect(await stillSignedIn(providerSession.accessToken)).toBe(true);
    expect(await stillSignedIn(elsewhereSession.accessToken)).toBe(true);
    // Its refresh token is of no more use either.
    const refreshed = await post('/api/login/refresh', { refreshToken: passwordSession.refreshToken });
    expect(refreshed.statusCode).toBe(400);
    expect((await eventsOf('company.sign_in_policy_saved')).at(-1)).toMatchObject({
      companyId: company,
      twoStepRequired: true,
      sessionsEnded: 5,
    });
  });

  it('single sign-on only ends every session not begun through the provider but the break-glass administrator’s', async () => {
    const company = await newCompany();
    await approvedConnection(company);
    const admin = await newUser([company], 'acme.admin');
    const breakGlass = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const providerUser = await newUser([company]);
    const adminSession = await signIn(app(), admin.userName);
    const breakGlassSession = await signIn(app(), breakGlass.userName);
    const memberSession = await signIn(app(), member.userName);
    const providerSession = await signIn(app(), providerUser.userName);
    await begunThroughSingleSignOn(providerSession.accessToken);

    const saved = await savePolicy(adminSession.accessToken, company, {
      singleSignOnOnly: true,
      breakGlassUserId: breakGlass.id,
    });
    expect(saved.json()).toMatchObject({ sessionsEnded: 2, ownSessionEnded: true });
    expect(await stillSignedIn(memberSession.accessToken)).toBe(false);
    expect(await stillSignedIn(adminSession.accessToken)).toBe(false);
    expect(await stillSignedIn(breakGlassSession.accessToken)).toBe(true);
    expect(await stillSignedIn(providerSession.accessToken)).toBe(true);
  });
});

describe('signing in under single sign-on only', () => {
  it('refuses the password with single_sign_on_required, but for the break-glass administrator, and sends no temporary password', async () => {
    const company = await newCompany();
    await approvedConnection(company);
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const ofTwo = await newUser([company, await newCompany()]);
    const { accessToken } = await signIn(app(), admin.userName);
    expect(
      (await savePolicy(accessToken, company, { singleSignOnOnly: true, breakGlassUserId: admin.id })).statusCode,
    ).toBe(200);

    for (const user of [member, ofTwo]) {
      const refused = await passwordStep(user.userName);
      expect(refused.statusCode).toBe(400);
      expect(OAuthErrorSchema.parse(refused.json()).error).toBe('single_sign_on_required');
    }
    // A wrong password tells nothing of the policy.
    const wrong = await post('/api/login', {
      username: member.userName,
      password: 'not it',
      cookiePolicyAccepted: 'true',
    });
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await passwordStep(admin.userName)).statusCode).toBe(200);

    // Forgot password: the same answer as for any address, then nothing stored or queued.
    const forgot = await post('/api/login/forgotPassword', {
      username: member.userName,
      emailAddress: `${member.userName}@example.co.uk`,
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({});
    const requestId = String(forgot.headers['x-request-id']);
    await expect
      .poll(
        async () =>
          (await db().selectFrom('audit_log').select('action').where('request_id', '=', requestId).execute()).map(
            (row) => row.action,
          ),
        { timeout: 10_000 },
      )
      .toContain('password.reset_refused_single_sign_on');
    expect(
      await db().selectFrom('temporary_passwords').select('user_id').where('user_id', '=', member.id).execute(),
    ).toEqual([]);
  });
});

describe('signing in under two-step required', () => {
  it('makes a user without a second factor set up an authenticator app as the second step, then signs them in with recovery codes', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const { accessToken } = await signIn(app(), admin.userName);
    await savePolicy(accessToken, company, { twoStepRequired: true });

    const held = await passwordStep(member.userName);
    expect(held.statusCode).toBe(400);
    const step = OAuthErrorSchema.parse(held.json());
    expect(step).toMatchObject({ error: 'second_step_required', factors: [], enrolment_required: true });
    const challenge = step.challenge ?? '';
    // The challenge alone signs no one in.
    expect((await post('/api/login/secondStep', { challenge, code: '123456' })).json()).toMatchObject({
      error: 'invalid_code',
    });

    const setup = await post('/api/login/secondStep/authenticator', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json<{ secret: string; uri: string }>();
    expect(uri).toContain(encodeURIComponent(member.userName));
    const wrong = await post('/api/login/secondStep/authenticator/confirm', {
      challenge,
      code: String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post('/api/login/secondStep/authenticator/confirm', { challenge, code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ recoveryCodes: string[]; token: { access_token: string } }>();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(await stillSignedIn(body.token.access_token)).toBe(true);
    // Used up with the confirmation.
    later();
    expect(
      (await post('/api/login/secondStep/authenticator/confirm', { challenge, code: codeOf(secret) })).json(),
    ).toMatchObject({ error: 'challenge_expired' });

    // From now on the app is asked for as any second step; a recovery code still stands in for it.
    later();
    const next = OAuthErrorSchema.parse((await passwordStep(member.userName)).json());
    expect(next).toMatchObject({ factors: ['authenticator', 'recovery_code'] });
    expect(next.enrolment_required).toBeUndefined();
    const recovered = await post('/api/login/secondStep', {
      challenge: next.challenge ?? '',
      recoveryCode: body.recoveryCodes[0] ?? '',
    });
    expect(recovered.statusCode).toBe(200);
  });

  it('refuses a second step’s challenge for setting up another app, and leaves users of other companies as they were', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const elsewhere = await newUser([await newCompany()]);
    const { secret } = await enrol(member.userName);
    const { accessToken } = await signIn(app(), admin.userName);
    await savePolicy(accessToken, company, { twoStepRequired: true });

    const challenge = OAuthErrorSchema.parse((await passwordStep(member.userName)).json()).challenge ?? '';
    const replaced = await post('/api/login/secondStep/authenticator', { challenge });
    expect(replaced.statusCode).toBe(409);
    expect((await post('/api/login/secondStep', { challenge, code: codeOf(secret) })).statusCode).toBe(200);
    // No policy: the password alone, exactly as before.
    const plain = await passwordStep(elsewhere.userName);
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.json()).sort()).toEqual(['expiresIn', 'roles', 'token']);
  });

  it('refuses removing the last second factor while the company requires one, and allows it once it does not', async () => {
    const company = await newCompany();
    const admin = await newUser([company], 'acme.admin');
    const member = await newUser([company]);
    const { secret } = await enrol(member.userName);
    const { accessToken } = await signIn(app(), admin.userName);
    await savePolicy(accessToken, company, { twoStepRequired: true });

    const challenge = OAuthErrorSchema.parse((await passwordStep(member.userName)).json()).challenge ?? '';
    const session = LoginReplySchema.parse(
      (await post('/api/login/secondStep', { challenge, code: codeOf(secret) })).json(),
    );
    const remove = () =>
      app().inject({
        method: 'POST',
        url: '/api/twoStep/authenticator/remove',
        headers: bearer(session.token.access_token),
        payload: { password: DEMO_PASSWORD },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'two_step_required_by_company' });
    expect(refused.json().message).toContain('requires two-step verification');
    const status = await app().inject({
      method: 'GET',
      url: '/api/twoStep',
      headers: bearer(session.token.access_token),
    });
    expect(status.json().authenticator).not.toBeNull();

    const again = await signIn(app(), admin.userName).catch(() => undefined);
    // The administrator's own password-only session ended with the save, and their next sign-in is held up too.
    expect(again).toBeUndefined();
    await db().deleteFrom('company_sign_in_policies').where('company_id', '=', company).execute();
    expect((await remove()).statusCode).toBe(200);
  });
});

describe('the users a policy binds', () => {
  it('are all who hold any of the company, its sites, teams or lines, not only its Company-level users', async () => {
    const acme = await db()
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow();
    const teamLead = await signIn(app(), 'acme.teamlead');
    const { accessToken } = await signIn(app(), 'acme.admin');
    try {
      const saved = await savePolicy(accessToken, acme.id, { twoStepRequired: true });
      expect(saved.statusCode).toBe(200);
      expect(await stillSignedIn(teamLead.accessToken)).toBe(false);
      for (const user of ['acme.teamlead', 'acme.sitemanager', 'acme.mobile']) {
        expect(OAuthErrorSchema.parse((await passwordStep(user)).json())).toMatchObject({ enrolment_required: true });
      }
      // Another company's users are not bound.
      expect((await passwordStep('globex.admin')).statusCode).toBe(200);
    } finally {
      await db().deleteFrom('company_sign_in_policies').where('company_id', '=', acme.id).execute();
    }
  });
});
