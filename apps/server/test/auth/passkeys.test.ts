import { LoginReplySchema, OAuthErrorSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { bearer, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';

// Passkeys (docs/decisions/0209) through HTTP, with real WebAuthn answers from a software authenticator: adding,
// naming and removing them on My Account, a passkey as the sign-in's second step, and signing in with one alone where
// the company allows it. The portal is reached at PUBLIC_URL, which is what passkeys are bound to.

const ORIGIN = 'https://portal.example.co.uk';
const context = useDemoApp({ PUBLIC_URL: `${ORIGIN}/` });
const app = () => context.app;

type Options = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string } };
type RequestOptions = { challenge: string; rpId: string; allowCredentials?: Array<{ id: string }> };
type Added = { passkey: { id: number; name: string }; recoveryCodes: string[] | null };

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
/** Adding a passkey is confirmed as removing one is: with the password (or a current code). */
const WITH_PASSWORD = { password: DEMO_PASSWORD };
const post = (url: string, fields: Record<string, string>, remoteAddress = '192.0.2.30') =>
  app().inject({ method: 'POST', url, remoteAddress, ...form(fields) });

let accounts = 0;
/** A new user of Acme Logistics Ltd (password DEMO_PASSWORD), so that no test sees another's passkeys. */
async function freshAccount(): Promise<{ userName: string; userId: number; companyId: number }> {
  const { db } = context.database;
  const template = await db
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .innerJoin('user_companies', 'user_companies.user_id', 'users.id')
    .select(['users.partner_id', 'users.profile_id', 'user_credentials.password_hash', 'user_companies.company_id'])
    .where('users.user_name', '=', 'acme.finance')
    .executeTakeFirstOrThrow();
  accounts += 1;
  const userName = `passkey.user${accounts}`;
  const user = await db
    .insertInto('users')
    .values({
      partner_id: template.partner_id,
      user_name: userName,
      email_address: `${userName}@example.co.uk`,
      profile_id: template.profile_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: template.password_hash, expires_at: null })
    .execute();
  await db
    .insertInto('user_companies')
    .values({ user_id: user.id, company_id: template.company_id, partner_id: template.partner_id })
    .execute();
  return { userName, userId: user.id, companyId: template.company_id };
}

/** Adds a passkey through My Account's calls with this authenticator. */
async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'Work laptop') {
  const options = await call(token, 'POST', '/api/passkeys/registration', WITH_PASSWORD);
  expect(options.statusCode).toBe(200);
  const response = authenticator.register(options.json<Options>());
  const added = await call(token, 'POST', '/api/passkeys', { name, response });
  expect(added.statusCode, added.body).toBe(200);
  return added.json<Added>();
}

/** A user with one passkey, and a session of theirs from before it was added. */
async function userWithPasskey() {
  const account = await freshAccount();
  const { accessToken } = await signIn(app(), account.userName);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const added = await addPasskey(accessToken, authenticator);
  return { ...account, accessToken, authenticator, added };
}

/** The password step's challenge and factors, for a user who has a second factor. */
async function passwordStep(userName: string) {
  const response = await post('/api/login', {
    username: userName,
    password: DEMO_PASSWORD,
    cookiePolicyAccepted: 'true',
  });
  expect(response.statusCode).toBe(400);
  const body = OAuthErrorSchema.parse(response.json());
  expect(body.error).toBe('second_step_required');
  return { challenge: body.challenge ?? '', factors: body.factors };
}

async function secondStepOptions(challenge: string) {
  const response = await post('/api/login/secondStep/passkey', { challenge });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RequestOptions>();
}

const secondStep = (challenge: string, assertion: object) =>
  post('/api/login/secondStep', { challenge, passkey: JSON.stringify(assertion) });

async function eventsOf(userId: number | null, action: string) {
  const rows = await context.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'after'])
    .where('action', '=', action)
    .$if(userId !== null, (query) => query.where('actor_user_id', '=', userId))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.after as Record<string, unknown>);
}

describe('adding passkeys from My Account', () => {
  it('offers a discoverable passkey for the portal, stores it named, and answers recovery codes for the first only', async () => {
    const { userName, userId, accessToken, authenticator, added } = await userWithPasskey();
    expect(added.passkey.name).toBe('Work laptop');
    expect(added.recoveryCodes).toHaveLength(10);

    const options = await call(accessToken, 'POST', '/api/passkeys/registration', WITH_PASSWORD);
    const body = options.json<
      Options & { excludeCredentials: Array<{ id: string }>; authenticatorSelection: object }
    >();
    expect(body.rp).toEqual({ id: 'portal.example.co.uk', name: expect.any(String) });
    expect(body.user.name).toBe(userName);
    // The passkey already added is not made again, and every passkey of the user carries the same handle.
    expect(body.excludeCredentials.map((credential) => credential.id)).toEqual([authenticator.passkeys[0]?.id]);
    expect(body.user.id).toBe(authenticator.passkeys[0]?.userHandle);
    expect(body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });

    const second = await call(accessToken, 'POST', '/api/passkeys', {
      name: '  Phone  ',
      response: authenticator.register(body),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<Added>().recoveryCodes).toBeNull();
    const list = await call(accessToken, 'GET', '/api/passkeys');
    expect(list.json()).toEqual([
      { id: added.passkey.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null, backedUp: false },
      expect.objectContaining({ name: 'Phone', lastUsedAt: null }),
    ]);
    const status = await call(accessToken, 'GET', '/api/twoStep');
    expect(status.json()).toEqual({ authenticator: null, recoveryCodesLeft: 10, passkeys: 2 });
    expect(await eventsOf(userId, 'passkey.added')).toEqual([
      expect.objectContaining({ name: 'Work laptop', recoveryCodesIssued: true }),
      expect.objectContaining({ name: 'Phone', recoveryCodesIssued: false }),
    ]);
  });

  it('asks for the password (or a current code) before offering to add one: a session alone cannot add a passkey', async () => {
    const account = await freshAccount();
    const { accessToken } = await signIn(app(), account.userName);
    const unconfirmed = await call(accessToken, 'POST', '/api/passkeys/registration', {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().details[0]).toMatchObject({ field: 'password' });
    const wrong = await call(accessToken, 'POST', '/api/passkeys/registration', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ field: 'password' });
    const noApp = await call(accessToken, 'POST', '/api/passkeys/registration', { code: '123456' });
    expect(noApp.statusCode).toBe(409);
    expect(await eventsOf(account.userId, 'passkey.added')).toEqual([]);
    expect((await call(accessToken, 'POST', '/api/passkeys/registration', WITH_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an answer over a used or foreign challenge, from another origin, or for a passkey already added', async () => {
    const account = await freshAccount();
    const other = await freshAccount();
    const { accessToken } = await signIn(app(), account.userName);
    const { accessToken: otherToken } = await signIn(app(), other.userName);
    const authenticator = new SoftAuthenticator(ORIGIN);

    const options = (await call(accessToken, 'POST', '/api/passkeys/registration', WITH_PASSWORD)).json<Options>();
    const response = authenticator.register(options);
    // Another user cannot finish this user's registration.
    const foreign = await call(otherToken, 'POST', '/api/passkeys', { name: 'Theirs', response });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0]).toMatchObject({ field: 'response', rule: 'challenge' });

    const fromElsewhere = authenticator.register(
      (await call(accessToken, 'POST', '/api/passkeys/registration', WITH_PASSWORD)).json<Options>(),
      { origin: 'https://portal.example.co.uk.evil.example' },
    );
    const refused = await call(accessToken, 'POST', '/api/passkeys', { name: 'Phish', response: fromElsewhere });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'response', rule: 'attestation' });

    const rightOne = authenticator.register(
      (await call(accessToken, 'POST', '/api/passkeys/registration', WITH_PASSWORD)).json<Options>(),
    );
    expect((await call(accessToken, 'POST', '/api/passkeys', { name: 'Laptop', response: rightOne })).statusCode).toBe(
      200,
    );
    // The same answer again: its challenge is used up.
    const replayed = await call(accessToken, 'POST', '/api/passkeys', { name: 'Laptop', response: rightOne });
    expect(replayed.statusCode).toBe(400);
    const names = (await call(accessToken, 'GET', '/api/passkeys')).json<Array<{ name: string }>>();
    expect(names.map((passkey) => passkey.name)).toEqual(['Laptop']);
    expect((await call(accessToken, 'POST', '/api/passkeys', { name: '', response: rightOne })).statusCode).toBe(400);
  });
});

describe('naming and removing passkeys', () => {
  it('renames and removes the caller’s own; another user’s passkey ids answer 404 and change nothing', async () => {
    const owner = await userWithPasskey();
    const stranger = await freshAccount();
    const { accessToken: strangerToken } = await signIn(app(), stranger.userName);
    const id = owner.added.passkey.id;

    const renamed = await call(owner.accessToken, 'PUT', `/api/passkeys/${id}`, { name: 'Desk key' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Desk key' });
    expect(await eventsOf(owner.userId, 'passkey.renamed')).toEqual([
      expect.objectContaining({ passkeyId: id, from: 'Work laptop', to: 'Desk key' }),
    ]);

    for (const [method, url, payload] of [
      ['PUT', `/api/passkeys/${id}`, { name: 'Mine now' }],
      ['POST', `/api/passkeys/${id}/remove`, { password: DEMO_PASSWORD }],
      ['PUT', '/api/passkeys/2147483647', { name: 'Nobody' }],
    ] as const) {
      const response = await call(strangerToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call(owner.accessToken, 'GET', '/api/passkeys');
    expect(list.json()).toEqual([expect.objectContaining({ id, name: 'Desk key' })]);
  });

  it('asks for the password to remove one, and the last factor takes the recovery codes with it', async () => {
    const owner = await userWithPasskey();
    const id = owner.added.passkey.id;
    const wrong = await call(owner.accessToken, 'POST', `/api/passkeys/${id}/remove`, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ field: 'password' });
    expect((await call(owner.accessToken, 'GET', '/api/passkeys')).json()).toHaveLength(1);

    const removed = await call(owner.accessToken, 'POST', `/api/passkeys/${id}/remove`, { password: DEMO_PASSWORD });
    expect(removed.statusCode).toBe(200);
    expect((await call(owner.accessToken, 'GET', '/api/twoStep')).json()).toEqual({
      authenticator: null,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect(await eventsOf(owner.userId, 'passkey.removed')).toEqual([
      expect.objectContaining({ passkeyId: id, confirmedWith: 'password', lastFactor: true }),
    ]);
    // The password alone signs in again.
    await signIn(app(), owner.userName);
  });
});

describe('a passkey as the second step', () => {
  it('follows the password, and signs in with an assertion over the options of that sign-in', async () => {
    const owner = await userWithPasskey();
    const { challenge, factors } = await passwordStep(owner.userName);
    expect(factors).toEqual(['passkey', 'recovery_code']);
    const options = await secondStepOptions(challenge);
    expect(options.rpId).toBe('portal.example.co.uk');
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([owner.authenticator.passkeys[0]?.id]);

    const response = await secondStep(challenge, owner.authenticator.assert(options, { userVerified: false }));
    expect(response.statusCode, response.body).toBe(200);
    LoginReplySchema.parse(response.json());
    const session = await context.database.db
      .selectFrom('sign_in_sessions')
      .select(['method', 'second_factor'])
      .where('user_id', '=', owner.userId)
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ method: 'password', second_factor: 'passkey' });
    expect(await eventsOf(owner.userId, 'login.succeeded')).toContainEqual(
      expect.objectContaining({ secondFactor: 'passkey' }),
    );
    const [listed] = (await call(owner.accessToken, 'GET', '/api/passkeys')).json<Array<{ lastUsedAt: string }>>();
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, one from another origin, and another user’s passkey', async () => {
    const owner = await userWithPasskey();
    const stranger = await userWithPasskey();

    const first = await passwordStep(owner.userName);
    const used = owner.authenticator.assert(await secondStepOptions(first.challenge));
    expect((await secondStep(first.challenge, used)).statusCode).toBe(200);

    const next = await passwordStep(owner.userName);
    const options = await secondStepOptions(next.challenge);
    const refusals = [
      used,
      owner.authenticator.assert(options, { origin: 'https://evil.example' }),
      stranger.authenticator.assert(options, { passkey: stranger.authenticator.passkeys[0] }),
    ];
    for (const assertion of refusals) {
      const response = await secondStep(next.challenge, assertion);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_code');
    }
    // The sign-in's own challenge is still there, but the ceremony's is used up: new options, then it works.
    const again = await secondStepOptions(next.challenge);
    expect((await secondStep(next.challenge, owner.authenticator.assert(again))).statusCode).toBe(200);
    expect(await eventsOf(owner.userId, 'login.second_step_failed')).toHaveLength(3);
  });

  it('answers options only for a live sign-in challenge of a user with passkeys', async () => {
    const response = await post('/api/login/secondStep/passkey', { challenge: 'no-such-challenge' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('challenge_expired');
  });
});

describe('signing in with a passkey alone', () => {
  const options = async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/login/passkey/options',
      remoteAddress: '192.0.2.31',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<RequestOptions & { userVerification: string }>();
    expect(body).toMatchObject({ rpId: 'portal.example.co.uk', userVerification: 'required' });
    expect(body.allowCredentials ?? []).toEqual([]);
    return body;
  };
  const passkeySignIn = (response: object, remoteAddress = '192.0.2.31') =>
    app().inject({
      method: 'POST',
      url: '/api/login/passkey',
      remoteAddress,
      payload: { response, cookiePolicyAccepted: true },
    });
  const setPolicy = (companyId: number, policy: { passkey_sign_in: boolean; single_sign_on_only?: boolean }) =>
    context.database.db
      .insertInto('company_sign_in_policies')
      .values({ company_id: companyId, ...policy })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet(policy))
      .execute();

  it('is refused, clearly, unless every company of the user allows it and none requires single sign-on', async () => {
    const owner = await userWithPasskey();
    const refused = await passkeySignIn(owner.authenticator.assert(await options()));
    expect(refused.statusCode).toBe(400);
    expect(OAuthErrorSchema.parse(refused.json()).error).toBe('passkey_sign_in_not_allowed');

    await setPolicy(owner.companyId, { passkey_sign_in: true, single_sign_on_only: true });
    const ssoOnly = await passkeySignIn(owner.authenticator.assert(await options()));
    expect(ssoOnly.json().error).toBe('passkey_sign_in_not_allowed');
    expect(await eventsOf(owner.userId, 'login.failed')).toEqual([
      expect.objectContaining({ method: 'passkey', reason: 'policy' }),
      expect.objectContaining({ method: 'passkey', reason: 'policy' }),
    ]);
    await setPolicy(owner.companyId, { passkey_sign_in: false, single_sign_on_only: false });
  });

  it('signs in where the company allows it, with the user verified, once per challenge', async () => {
    const owner = await userWithPasskey();
    await setPolicy(owner.companyId, { passkey_sign_in: true, single_sign_on_only: false });
    try {
      const unverified = await passkeySignIn(owner.authenticator.assert(await options(), { userVerified: false }));
      expect(unverified.statusCode).toBe(400);
      expect(unverified.json().error).toBe('invalid_grant');

      const assertion = owner.authenticator.assert(await options());
      const signedIn = await passkeySignIn(assertion);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      LoginReplySchema.parse(signedIn.json());
      expect(signedIn.cookies.map((cookie) => cookie.name)).toContain('themeCode');
      expect(await eventsOf(owner.userId, 'login.succeeded')).toContainEqual(
        expect.objectContaining({ method: 'passkey' }),
      );
      const session = await context.database.db
        .selectFrom('sign_in_sessions')
        .select(['method', 'second_factor'])
        .where('user_id', '=', owner.userId)
        .orderBy('started_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(session).toEqual({ method: 'passkey', second_factor: null });

      const replayed = await passkeySignIn(assertion);
      expect(replayed.json().error).toBe('invalid_grant');
      const elsewhere = await passkeySignIn(
        owner.authenticator.assert(await options(), { origin: 'https://evil.example' }),
      );
      expect(elsewhere.json().error).toBe('invalid_grant');
      expect(await eventsOf(null, 'login.failed')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ method: 'passkey', reason: 'challenge' }),
          expect.objectContaining({ method: 'passkey', reason: 'signature' }),
        ]),
      );
    } finally {
      await setPolicy(owner.companyId, { passkey_sign_in: false });
    }
  });

  it('counts failures in the sign-in throttle by passkey and address', async () => {
    const owner = await userWithPasskey();
    const address = '192.0.2.77';
    let last = 0;
    for (let attempt = 0; attempt < 8 && last !== 429; attempt += 1) {
      const response = await passkeySignIn(
        owner.authenticator.assert(await options(), { userVerified: false }),
        address,
      );
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});
