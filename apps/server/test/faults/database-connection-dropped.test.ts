import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { bearer, buildTestApp, type SignedIn, signIn } from '../support/test-app.js';
import { appEngine, type TestDatabase } from '../support/test-databases.js';

/*
 * The database drops the connection a request is using (a restart, a failover, an operator's pg_terminate_backend):
 * the request gets a clear 503 with Retry-After, nothing it was writing is kept, and the next request succeeds on
 * a new connection, with no restart of the server.
 */

const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('a database connection dropped mid-request', () => {
  let database: TestDatabase;
  let admin: DatabaseHandle;
  let app: App;
  let session: SignedIn;

  beforeAll(async () => {
    database = await appEngine().create('demo data');
    if (!database.url) throw new Error('PostgreSQL only');
    admin = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    app = await buildTestApp(database.handle);
    session = await signIn(app, 'acme.admin');
  });
  afterAll(async () => {
    await app?.close();
    await admin?.close();
    await database?.dispose();
  });

  /** Runs `request` while `table` is locked, ends the connection it waits on, and answers what it got back. */
  async function droppedWhileWaiting(table: string, request: () => Promise<LightMyRequestResponse>) {
    const blocker = await admin.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(connection);
      const pending = request();
      let waiting: number | undefined;
      await expect
        .poll(async () => {
          const { rows } = await sql<{ pid: number }>`
            SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`.execute(
            connection,
          );
          waiting = rows[0]?.pid;
          return waiting;
        })
        .toBeDefined();
      await sql`SELECT pg_terminate_backend(${waiting})`.execute(connection);
      const response = await pending;
      await sql`ROLLBACK`.execute(connection);
      return response;
    });
    return blocker;
  }

  it('answers a read 503 with Retry-After, and reads succeed again without a restart', async () => {
    const read = () => app.inject({ method: 'GET', url: '/api/messages', headers: bearer(session.accessToken) });
    const response = await droppedWhileWaiting('messages', read);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(response.json().message).not.toMatch(/terminat|postgres|sql/i);

    // The dropped connection may go back to the pool before its socket's close arrives, and fail one more request.
    await expect.poll(async () => (await read()).statusCode, { timeout: 5_000 }).toBe(200);
  });

  it('keeps nothing of a write whose connection dropped, and takes the same write afterwards', async () => {
    const { id, name } = await app
      .inject({ method: 'GET', url: '/api/endpoints?$top=1&$select=id,name', headers: bearer(session.accessToken) })
      .then(
        (response) =>
          response.json<{ value: Array<{ id: number; name: string | null }> }>().value[0] ?? { id: 0, name: null },
      );
    const rename = () =>
      app.inject({
        method: 'PUT',
        url: `/api/endpoints/${id}/changeName`,
        headers: bearer(session.accessToken),
        payload: { id, name: 'Renamed during an outage' },
      });
    const auditBefore = await sql<{ count: number }>`SELECT count(*)::int AS count FROM audit_log`.execute(admin.db);
    // The rename's audit record waits on the locked audit table, inside the rename's one transaction.
    const response = await droppedWhileWaiting('audit_log', rename);
    expect(response.statusCode).toBe(503);
    const after = await sql<{ name: string | null }>`SELECT name FROM endpoints WHERE id = ${id}`.execute(admin.db);
    expect(after.rows[0]?.name).toBe(name);
    const auditAfter = await sql<{ count: number }>`SELECT count(*)::int AS count FROM audit_log`.execute(admin.db);
    expect(auditAfter.rows[0]?.count).toBe(auditBefore.rows[0]?.count);

    await expect.poll(async () => (await rename()).statusCode, { timeout: 5_000 }).toBe(200);
    const renamed = await sql<{ name: string | null }>`SELECT name FROM endpoints WHERE id = ${id}`.execute(admin.db);
    expect(renamed.rows[0]?.name).toBe('Renamed during an outage');
  });
});
