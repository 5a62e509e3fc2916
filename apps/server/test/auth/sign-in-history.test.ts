import { API } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer, form, type SignedIn, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const { path } = API.login.signIns;

async function signInsOf(session: SignedIn) {
  const response = await context.app.inject({ method: 'GET', url: path, headers: bearer(session.accessToken) });
  expect(response.statusCode).toBe(200);
  return API.login.signIns.response.parse(response.json());
}

describe('GET /api/login/signIns', () => {
  it("lists the caller's sign-ins newest first: this session, others still live, and those signed out", async () => {
    const first = await signIn(context.app, 'acme.finance');
    const second = await signIn(context.app, 'acme.finance');
    const before = await signInsOf(second);
    expect(before.slice(0, 2).map((entry) => entry.session)).toEqual(['current', 'active']);
    expect(before[0]?.address).toBe('127.0.0.1');
    expect(Date.parse(before[0]?.signedInAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before[1]?.signedInAt ?? ''));

    const revoked = await context.app.inject({
      method: 'POST',
      url: API.login.revoke.path,
      ...form({ refreshToken: first.refreshToken }),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await signInsOf(second);
    expect(after.slice(0, 2).map((entry) => entry.session)).toEqual(['current', 'ended']);
    // The first session's own view of the list is refused: its session has ended.
    const ended = await context.app.inject({ method: 'GET', url: path, headers: bearer(first.accessToken) });
    expect(ended.statusCode).toBe(401);
  });

  it("never shows another user's sign-ins", async () => {
    const own = await signIn(context.app, 'globex.admin');
    const mine = await signInsOf(own);
    await signIn(context.app, 'acme.admin');
    await signIn(context.app, 'acme.admin');
    expect(await signInsOf(own)).toEqual(mine);
  });

  it('keeps to the 20 most recent', async () => {
    const sessions: SignedIn[] = [];
    for (let count = 0; count < 21; count += 1) sessions.push(await signIn(context.app, 'acme.sitemanager'));
    const list = await signInsOf(sessions.at(-1) as SignedIn);
    expect(list).toHaveLength(20);
    expect(list[0]?.session).toBe('current');
    expect(list.slice(1).every((entry) => entry.session === 'active')).toBe(true);
    const times = list.map((entry) => Date.parse(entry.signedInAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
