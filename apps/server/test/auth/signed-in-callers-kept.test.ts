import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { bearer, buildTestApp, signIn, signOut, useDemoApp } from '../support/test-app.js';

/*
 * Each server keeps the callers it has read (decision 0190). These tests make a second server over the same
 * database, as a deployment of several instances has, and change a session or a user where that server did not: it
 * must stop honouring what it kept as soon as the change's notice reaches it, and must not trust what it kept while
 * it cannot hear notices.
 */
const context = useDemoApp();
let other: App;

beforeAll(async () => {
  other = await buildTestApp(context.database);
  await other.ready();
});
afterAll(() => other?.close());

const myFunctionality = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) }).then((r) => r.statusCode);
const users = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/users?$top=1', headers: bearer(token) }).then((r) => r.statusCode);

describe('a caller kept by one server', () => {
  it('is signed out there once the other server ends the session', async () => {
    const session = await signIn(context.app, 'acme.admin');
    expect(await myFunctionality(other, session.accessToken)).toBe(200);
    expect(await myFunctionality(other, session.accessToken)).toBe(200);
    const logout = await signOut(context.app, session.refreshToken);
    expect(logout.statusCode).toBeLessThan(300);
    // The server that ended it knows at once; the other as soon as the notice arrives.
    expect(await myFunctionality(context.app, session.accessToken)).toBe(401);
    await expect.poll(() => myFunctionality(other, session.accessToken), { timeout: 5000 }).toBe(401);
  });

  it('loses a functionality taken from them anywhere, the database included', async () => {
    const session = await signIn(context.app, 'acme.admin');
    expect(await users(other, session.accessToken)).toBe(200);
    await sql`DELETE FROM user_functionality uf USING users u, functionality f
      WHERE uf.user_id = u.id AND f.id = uf.functionality_id AND u.user_name = 'acme.admin'
      AND f.code = 'ManageUser'`.execute(context.database.db);
    await expect.poll(() => users(other, session.accessToken), { timeout: 5000 }).toBe(403);
    expect(await users(context.app, session.accessToken)).toBe(403);
  });

  it('no longer reaches a company they were taken off anywhere', async () => {
    const session = await signIn(context.app, 'multi.admin');
    const companies = async (app: App) => {
      const response = await app.inject({ method: 'GET', url: '/api/companies', headers: bearer(session.accessToken) });
      expect(response.statusCode).toBe(200);
      return (response.json() as { value: Array<{ name: string }> }).value.map((c) => c.name).sort();
    };
    const before = await companies(other);
    expect(before.length).toBeGreaterThan(1);
    const { rows } = await sql<{ name: string }>`DELETE FROM user_companies uc USING users u, companies c
      WHERE uc.user_id = u.id AND c.id = uc.company_id AND u.user_name = 'multi.admin'
      AND c.id = (SELECT max(company_id) FROM user_companies WHERE user_id = u.id) RETURNING c.name`.execute(
      context.database.db,
    );
    const taken = rows[0]?.name;
    expect(taken).toBeDefined();
    await expect.poll(() => companies(other), { timeout: 5000 }).toEqual(before.filter((name) => name !== taken));
    expect(await companies(context.app)).toEqual(before.filter((name) => name !== taken));
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is read afresh once the server hears notices again after losing them',
    async () => {
      const session = await signIn(context.app, 'acme.finance');
      expect(await myFunctionality(other, session.accessToken)).toBe(200);
      // Every listening connection of this database dropped, then the session revoked while nobody listens.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(context.database.db);
      await sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id =
        (SELECT id FROM users WHERE user_name = 'acme.finance')`.execute(context.database.db);
      await expect.poll(() => myFunctionality(other, session.accessToken), { timeout: 5000 }).toBe(401);
    },
  );
});
