import { describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from './support/test-app.js';

// JSON nested thousands of levels deep once overflowed the stack of the text-input check: an anonymous 500.
const context = useDemoApp();
const DEPTH = 20_000;

const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}"x"${'}'.repeat(DEPTH)}`;
const deepInField = `{"username":${deepObject},"password":"x","cookiePolicyAccepted":"true"}`;
const deepMixed = `{"isAccepted":true,"date":${'[{"a":'.repeat(DEPTH / 2)}1${'}]'.repeat(DEPTH / 2)}}`;

function postJson(url: string, payload: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('JSON nested too deeply', () => {
  it.each([
    ['an array', deepArray],
    ['an object', deepObject],
    ['a field', deepInField],
  ])('is refused with a 400 at sign-in when it is %s', async (_what, payload) => {
    const answer = await postJson('/api/login', payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'too_deep',
      details: [expect.objectContaining({ field: 'body', rule: 'max_depth' })],
      requestId: expect.any(String),
    });
  });

  it('is refused with a 400 on a signed-in JSON route, and the server stays healthy', async () => {
    const session = await signIn(context.app, 'acme.finance');
    for (const payload of [deepArray, deepObject, deepMixed]) {
      const answer = await postJson('/api/login/acceptCookiePolicy', payload, bearer(session.accessToken));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'too_deep' });
    }
    expect((await context.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const accepted = await postJson(
      '/api/login/acceptCookiePolicy',
      JSON.stringify({ isAccepted: true, date: '2026-11-21T10:00:00Z' }),
      bearer(session.accessToken),
    );
    expect(accepted.statusCode).toBe(200);
    expect((await signIn(context.app, 'acme.admin')).roles).toBeDefined();
  });

  it('still finds text PostgreSQL cannot store below the depth limit', async () => {
    const nested = `{"username":${'{"a":'.repeat(20)}"\\u0000"${'}'.repeat(20)},"password":"x"}`;
    const answer = await postJson('/api/login', nested);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'invalid_text',
      details: [expect.objectContaining({ field: `username${'.a'.repeat(20)}` })],
    });
  });
});
