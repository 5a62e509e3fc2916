import { describe, expect, it, vi } from 'vitest';
import { bearer, DEMO_PASSWORD, form, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = form(fields);
  return context.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const login = (username: string, password: string) =>
  post('/api/login', { username, password, cookiePolicyAccepted: 'true' });

describe('POST /api/login/changePassword', () => {
  it('replaces an expired password before sign-in, then sign-in works with the new one', async () => {
    expect((await login('acme.expired', DEMO_PASSWORD)).json()).toMatchObject({ error: 'requires_password_reset' });
    const changed = await post('/api/login/changePassword', {
      userName: 'acme.expired',
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Harbour-Lights-4782',
    });
    expect(changed.statusCode).toBe(200);
    expect((await login('acme.expired', 'Harbour-Lights-4782')).statusCode).toBe(200);
    expect((await login('acme.expired', DEMO_PASSWORD)).statusCode).toBe(400);
  });

  it('names the rules a new password breaks', async () => {
    const weak = await post('/api/login/changePassword', {
      userName: 'acme.finance',
      currentPassword: DEMO_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'newPassword', message: 'Must contain 12 or more characters' }),
        expect.objectContaining({ field: 'newPassword', message: 'Must contain at least one upper case letter' }),
      ]),
    );
    const common = await post('/api/login/changePassword', {
      userName: 'acme.finance',
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Password1234!',
    });
    expect(common.json().details).toEqual([expect.objectContaining({ field: 'newPassword', rule: 'common' })]);
    const same = await post('/api/login/changePassword', {
      userName: 'acme.finance',
      currentPassword: DEMO_PASSWORD,
      newPassword: DEMO_PASSWORD,
    });
    expect(same.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'Your new password must be different to your current password' }),
      ]),
    );
    const wrongCurrent = await post('/api/login/changePassword', {
      userName: 'acme.finance',
      currentPassword: 'Not-The-Password-9',
      newPassword: 'Lantern-Quarry-5521',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
  });

  it('ends the user’s other sessions but keeps the one that made the change', async () => {
    const other = await signIn(context.app, 'acme.sitemanager');
    const current = await signIn(context.app, 'acme.sitemanager');
    const changed = await post(
      '/api/login/changePassword',
      { userName: 'acme.sitemanager', currentPassword: DEMO_PASSWORD, newPassword: 'Copper-Kettle-8830' },
      bearer(current.accessToken),
    );
    expect(changed.statusCode).toBe(200);
    const me = (token: string) =>
      context.app.inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) });
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await me(current.accessToken)).statusCode).toBe(200);
    const audit = await context.database.db
      .selectFrom('audit_log')
      .select(['table_name', 'operation', 'after'])
      .where('table_name', '=', 'user_credentials')
      .where('operation', '=', 'UPDATE')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('$argon2id$');
  });
});

describe('password expiry, a partner setting', () => {
  it('is off by default and, once a partner sets it, sends users with older passwords to the change', async () => {
    expect((await login('wayne.admin', DEMO_PASSWORD)).statusCode).toBe(200);
    await context.database.db
      .updateTable('partners')
      .set({ password_expiry_days: 10 })
      .where('theme_code', '=', 'brightwave')
      .execute();
    try {
      expect((await login('wayne.admin', DEMO_PASSWORD)).json()).toMatchObject({ error: 'requires_password_reset' });
    } finally {
      await context.database.db
        .updateTable('partners')
        .set({ password_expiry_days: null })
        .where('theme_code', '=', 'brightwave')
        .execute();
    }
  });
});

describe('brute-force protection', () => {
  it('answers 429 with Retry-After after repeated failures, even for the right password, without locking out for good', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await login('acme.broadband', `Wrong-Guess-${attempt}00x`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const blocked = await login('acme.broadband', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The wait is short at first: after it, the right password works again (the server's clock moved past it).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + retryAfter * 1000 + 100 });
    try {
      expect((await login('acme.broadband', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
