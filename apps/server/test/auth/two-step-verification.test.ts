import { LoginReplySchema, OAuthErrorSchema } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';

// Two-step verification (docs/decisions/0207) through HTTP: setting an authenticator app up, the sign-in's second
// step, recovery codes, removal. The server's clock is faked (Date only) so that each code of a test comes from a
// 30-second step of its own: a code once used is refused for the rest of its window, which is the point.

const context = useDemoApp();
const app = () => context.app;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the server's clock on: by default to the next 30-second step, whose code has not been used. */
const later = (ms = 30_000) => vi.setSystemTime(Date.now() + ms);
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });
/** A six-digit code that is not this one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const json = (token: string, url: string, payload?: Record<string, unknown>) =>
  app().inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const post = (url: string, fields: Record<string, string>, remoteAddress = '192.0.2.10') =>
  app().inject({ method: 'POST', url, remoteAddress, ...form(fields) });
const passwordStep = (username: string) =>
  post('/api/login', { username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' });
const secondStep = (fields: Record<string, string>, remoteAddress?: string) =>
  post('/api/login/secondStep', fields, remoteAddress);

/** The challenge of a sign-in that needs its second step. */
async function challengeOf(username: string): Promise<string> {
  const response = await passwordStep(username);
  expect(response.statusCode).toBe(400);
  const body = OAuthErrorSchema.parse(response.json());
  expect(body.error).toBe('second_step_required');
  return body.challenge ?? '';
}

/** Sets an authenticator app up for the user through My Account's calls; answers its key and the recovery codes. */
async function enrol(username: string) {
  const { accessToken } = await signIn(app(), username);
  const started = await json(accessToken, '/api/twoStep/authenticator', {});
  expect(started.statusCode).toBe(200);
  const { secret, uri } = started.json<{ secret: string; uri: string }>();
  const confirmed = await json(accessToken, '/api/twoStep/authenticator/confirm', { code: codeOf(secret) });
  expect(confirmed.statusCode).toBe(200);
  later();
  return { secret, uri, accessToken, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

let accounts = 0;
/** A new user of acme.admin's partner and profile (password DEMO_PASSWORD), so that no test sees another's factors. */
async function freshAccount(): Promise<string> {
  const { db } = context.database;
  const template = await db
    .selectFrom('users')
    .innerJoin('user_credentials', 'user_credentials.user_id', 'users.id')
    .select(['users.partner_id', 'users.profile_id', 'user_credentials.password_hash'])
    .where('users.user_name', '=', 'acme.admin')
    .executeTakeFirstOrThrow();
  accounts += 1;
  const userName = `two.step${accounts}`;
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
  return userName;
}

async function partnerNameOf(username: string) {
  const row = await context.database.db
    .selectFrom('users')
    .innerJoin('partners', 'partners.id', 'users.partner_id')
    .select('partners.name')
    .where('users.user_name', '=', username)
    .executeTakeFirstOrThrow();
  return row.name;
}

async function userId(username: string) {
  const user = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', username)
    .executeTakeFirstOrThrow();
  return user.id;
}

async function eventsOf(username: string, actionPrefix: string) {
  const rows = await context.database.db
    .selectFrom('audit_log')
    .select(['action', 'after'])
    .where('actor_user_id', '=', await userId(username))
    .where('action', 'like', `${actionPrefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ action: row.action, details: row.after as Record<string, unknown> | null }));
}

describe('setting up an authenticator app from My Account', () => {
  it('shows a key and its otpauth URI, counts only once confirmed with a code, then answers ten recovery codes', async () => {
    const user = await freshAccount();
    const { accessToken } = await signIn(app(), user);
    const status = () => json(accessToken, '/api/twoStep');
    expect((await status()).json()).toEqual({ authenticator: null, recoveryCodesLeft: 0, passkeys: 0 });

    const started = (await json(accessToken, '/api/twoStep/authenticator', {})).json<{ secret: string; uri: string }>();
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(started.secret);
    expect(uri.searchParams.get('issuer')).toBe(await partnerNameOf(user));
    expect(decodeURIComponent(uri.pathname)).toContain(user);
    // Not yet confirmed: the sign-in is still the password's alone.
    expect((await status()).json()).toEqual({ authenticator: null, recoveryCodesLeft: 0, passkeys: 0 });
    expect((await passwordStep(user)).statusCode).toBe(200);

    const wrong = await json(accessToken, '/api/twoStep/authenticator/confirm', {
      code: otherThan(codeOf(started.secret)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([expect.objectContaining({ field: 'code', rule: 'matches' })]);

    const confirmed = await json(accessToken, '/api/twoStep/authenticator/confirm', { code: codeOf(started.secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect((await status()).json()).toEqual({
      authenticator: { addedAt: expect.any(String) },
      recoveryCodesLeft: 10,
      passkeys: 0,
    });
    expect((await json(accessToken, '/api/twoStep/authenticator', {})).statusCode).toBe(409);
    expect((await eventsOf(user, 'authenticator.')).map((event) => event.action)).toEqual([
      'authenticator.confirmation_failed',
      'authenticator.added',
    ]);
  });

  it('keeps the key sealed and the recovery codes hashed', async () => {
    const user = await freshAccount();
    const { secret, recoveryCodes } = await enrol(user);
    const id = await userId(user);
    const row = await context.database.db
      .selectFrom('user_authenticators')
      .select('secret_sealed')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(row.secret_sealed);
    expect(stored.includes(Buffer.from(secret))).toBe(false);
    expect(stored.includes(Buffer.from(Secret.fromBase32(secret).bytes))).toBe(false);
    const hashes = await context.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^\$argon2id\$/);
      for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
  });

  it('opens the key on every server of the database: another one, without ENCRYPTION_KEY either, signs in', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const other = await buildTestApp(context.database);
    try {
      const challenge = await challengeOf(user);
      const completed = await other.inject({
        method: 'POST',
        url: '/api/login/secondStep',
        ...form({ challenge, code: codeOf(secret) }),
      });
      expect(completed.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('signing in with two-step verification', () => {
  it('answers a challenge instead of tokens after the password, then the tokens for a right code', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const first = await passwordStep(user);
    expect(first.statusCode).toBe(400);
    const body = OAuthErrorSchema.parse(first.json());
    expect(body).toMatchObject({
      error: 'second_step_required',
      factors: ['authenticator', 'recovery_code'],
      expires_in: 300,
    });
    expect(body.challenge?.length).toBeGreaterThanOrEqual(43);
    expect(first.json()).not.toHaveProperty('token');

    const completed = await secondStep({ challenge: body.challenge ?? '', code: codeOf(secret) });
    expect(completed.statusCode).toBe(200);
    const reply = LoginReplySchema.parse(completed.json());
    expect(reply.roles).toEqual(['customer']);
    expect((await json(reply.token.access_token, '/api/twoStep')).statusCode).toBe(200);
    expect(String(completed.headers['set-cookie'])).toContain('themeCode=');
    const events = await eventsOf(user, 'login.');
    expect(events.at(-2)?.action).toBe('login.second_step_required');
    expect(events.at(-1)).toMatchObject({ action: 'login.succeeded', details: { secondFactor: 'authenticator' } });
  });

  it('refuses a wrong code, records it, and keeps the challenge for another try', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const challenge = await challengeOf(user);
    const wrong = await secondStep({ challenge, code: otherThan(codeOf(secret)) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_code' });
    expect((await eventsOf(user, 'login.second_step_failed')).at(-1)?.details).toMatchObject({
      with: 'authenticator',
      reused: false,
    });
    expect((await secondStep({ challenge, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('refuses a code used before within its window, and any code of an earlier step', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const code = codeOf(secret);
    expect((await secondStep({ challenge: await challengeOf(user), code })).statusCode).toBe(200);
    // The same code again, ten seconds later and still well within its window.
    later(10_000);
    const replayed = await secondStep({ challenge: await challengeOf(user), code });
    expect(replayed.json()).toMatchObject({ error: 'invalid_code' });
    expect((await eventsOf(user, 'login.second_step_failed')).at(-1)?.details).toMatchObject({ reused: true });
    // A newer code is used; the one of the step before it, still inside the drift window, is refused.
    later();
    const previous = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - 30_000 });
    expect((await secondStep({ challenge: await challengeOf(user), code: codeOf(secret) })).statusCode).toBe(200);
    const older = await secondStep({ challenge: await challengeOf(user), code: previous });
    expect(older.json()).toMatchObject({ error: 'invalid_code' });
  });

  it('throttles codes like passwords, per user, whatever the address', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const challenge = await challengeOf(user);
    const wrong = otherThan(codeOf(secret));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await secondStep({ challenge, code: wrong }, `198.51.100.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await secondStep({ challenge, code: codeOf(secret) }, '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    later(retryAfter * 1000 + 100);
    expect((await secondStep({ challenge, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('lets a recovery code stand in for the app once, however it is typed', async () => {
    const user = await freshAccount();
    const { accessToken, recoveryCodes } = await enrol(user);
    const [code = ''] = recoveryCodes;
    const typed = code.toUpperCase().replace('-', ' ');
    const completed = await secondStep({ challenge: await challengeOf(user), recoveryCode: typed });
    expect(completed.statusCode).toBe(200);
    expect((await eventsOf(user, 'login.succeeded')).at(-1)?.details).toMatchObject({
      secondFactor: 'recovery_code',
    });
    const again = await secondStep({ challenge: await challengeOf(user), recoveryCode: code });
    expect(again.json()).toMatchObject({ error: 'invalid_code' });
    expect((await json(accessToken, '/api/twoStep')).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('ends a challenge after five minutes, and once it has been used', async () => {
    const user = await freshAccount();
    const { secret } = await enrol(user);
    const stale = await challengeOf(user);
    later(5 * 60_000 + 1000);
    const expired = await secondStep({ challenge: stale, code: codeOf(secret) });
    expect(expired.json()).toMatchObject({ error: 'challenge_expired' });

    const challenge = await challengeOf(user);
    expect((await secondStep({ challenge, code: codeOf(secret) })).statusCode).toBe(200);
    later();
    const reused = await secondStep({ challenge, code: codeOf(secret) });
    expect(reused.json()).toMatchObject({ error: 'challenge_expired' });
    const unknown = await secondStep({ challenge: 'no-such-challenge', code: codeOf(secret) });
    expect(unknown.json()).toMatchObject({ error: 'challenge_expired' });
  });

  it("binds a challenge to its user: another user's code does not complete it", async () => {
    const [mine, theirs] = [await freshAccount(), await freshAccount()];
    await enrol(mine);
    const { secret } = await enrol(theirs);
    const response = await secondStep({ challenge: await challengeOf(mine), code: codeOf(secret) });
    expect(response.json()).toMatchObject({ error: 'invalid_code' });
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const both = await secondStep({ challenge: 'x', code: '123456', recoveryCode: 'abcde-12345' });
    const neither = await secondStep({ challenge: 'x' });
    const malformed = await secondStep({ challenge: 'x', code: '12345' });
    for (const response of [both, neither, malformed]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field: 'code' })]);
    }
  });
});

describe('removing the authenticator app and renewing recovery codes', () => {
  it('removes the app with a current code, or the password, and sign-in goes back to the password alone', async () => {
    const user = await freshAccount();
    const { secret, accessToken } = await enrol(user);
    const remove = (confirmation: Record<string, string>) =>
      json(accessToken, '/api/twoStep/authenticator/remove', confirmation);
    const wrongPassword = await remove({ password: 'Not-It-1234!' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details).toEqual([expect.objectContaining({ field: 'password' })]);
    expect((await remove({ code: codeOf(secret) })).statusCode).toBe(200);
    expect((await json(accessToken, '/api/twoStep')).json()).toEqual({
      authenticator: null,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect((await passwordStep(user)).statusCode).toBe(200);
    expect((await remove({ password: DEMO_PASSWORD })).statusCode).toBe(409);
    expect((await eventsOf(user, 'authenticator.removed')).at(-1)?.details).toMatchObject({ confirmedWith: 'code' });

    const again = await enrol(user);
    const byPassword = await json(again.accessToken, '/api/twoStep/authenticator/remove', { password: DEMO_PASSWORD });
    expect(byPassword.statusCode).toBe(200);
  });

  it('replaces every recovery code: the old ones stop working, the new ones work', async () => {
    const user = await freshAccount();
    const { accessToken, recoveryCodes } = await enrol(user);
    const renewed = await json(accessToken, '/api/twoStep/recoveryCodes', { password: DEMO_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const old = await secondStep({ challenge: await challengeOf(user), recoveryCode: recoveryCodes[0] ?? '' });
    expect(old.json()).toMatchObject({ error: 'invalid_code' });
    expect((await secondStep({ challenge: await challengeOf(user), recoveryCode: fresh[0] ?? '' })).statusCode).toBe(
      200,
    );
  });
});
