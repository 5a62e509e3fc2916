import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { type BuiltServer, buildServer, killBuiltServer, signInTo, startBuiltServer } from '../support/built-server.js';
import { databaseUrl } from '../support/database-templates.js';
import { postgresBinaries, startPostgresCluster, type TestPostgresCluster } from '../support/postgres-cluster.js';

/*
 * PostgreSQL restarts (a fast shutdown: every session ended) while the built server is answering reads and writes.
 * Every request is answered 200 or 503, never 500, and the process lives on; each write is all or nothing (a line's
 * name and its audit record are one transaction); once PostgreSQL is back, requests succeed with no restart.
 */

const WRITERS = 4;
const READERS = 2;

type Outcome = { status: number; requestId: string; name?: string; endpointId?: number };

describe.skipIf(!postgresBinaries())('PostgreSQL restarted under load', () => {
  let cluster: TestPostgresCluster;
  let server: BuiltServer | undefined;
  let admin: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    await buildServer();
    cluster = await startPostgresCluster();
    const root = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 1 });
    await sql`CREATE DATABASE portal`.execute(root.db);
    await root.close();
    const url = databaseUrl(cluster.url, 'portal');
    admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-pg-restart-'));
    // The demo data loads on first start, as `npm start` does.
    server = await startBuiltServer(dataDir, { DATABASE_URL: url, SEED: 'small', CARRIER_WORKER: 'off' });
  }, 240_000);

  afterAll(async () => {
    if (server) await killBuiltServer(server);
    await admin?.close();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 200 or 503, keeps every write whole, and recovers without a restart', async () => {
    if (!server) throw new Error('no server');
    const running = server;
    const token = await signInTo(running);
    const headers = { authorization: `Bearer ${token}` };
    const lines = await fetch(`${running.baseUrl}/api/endpoints?$top=${WRITERS}&$select=id&$orderby=id`, { headers });
    const endpointIds = ((await lines.json()) as { value: Array<{ id: number }> }).value.map((line) => line.id);
    expect(endpointIds).toHaveLength(WRITERS);

    const outcomes: Outcome[] = [];
    let stopping = false;
    const rename = async (endpointId: number, name: string): Promise<Outcome> => {
      const response = await fetch(`${running.baseUrl}/api/endpoints/${endpointId}/changeName`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: endpointId, name }),
      });
      await response.arrayBuffer();
      return { status: response.status, requestId: response.headers.get('x-request-id') ?? '', name, endpointId };
    };
    const writer = async (endpointId: number) => {
      for (let n = 0; !stopping; n++) outcomes.push(await rename(endpointId, `Load ${endpointId}-${n}`));
    };
    const reader = async () => {
      while (!stopping) {
        const response = await fetch(`${running.baseUrl}/api/messages`, { headers });
        await response.arrayBuffer();
        outcomes.push({ status: response.status, requestId: response.headers.get('x-request-id') ?? '' });
      }
    };
    const load = Promise.all([...endpointIds.map(writer), ...Array.from({ length: READERS }, reader)]);
    await expect.poll(() => outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(20);
    await cluster.restart();
    const restartedAt = outcomes.length;
    await expect
      .poll(() => outcomes.slice(restartedAt).filter((outcome) => outcome.status === 200).length, { timeout: 20_000 })
      .toBeGreaterThan(20);
    stopping = true;
    await load;

    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.has(503)).toBe(true);
    expect(running.child.exitCode).toBeNull();

    // Each line's name is the one its last audit record wrote: no rename was kept without its record, or the reverse.
    const audited = await sql<{ endpointId: number; name: string | null; current: string | null }>`
      SELECT DISTINCT ON (e.id) e.id AS "endpointId", a.after ->> 'name' AS name, e.name AS current
      FROM endpoints e JOIN audit_log a ON a.table_name = 'endpoints' AND (a.row_key ->> 'id')::int = e.id
      WHERE e.id = ANY(${endpointIds}) ORDER BY e.id, a.id DESC`.execute(admin.db);
    for (const row of audited.rows) expect(row.name).toBe(row.current);
    // Every rename answered 200 has its audit record, under its own request id.
    const answered = outcomes.filter((outcome) => outcome.name && outcome.status === 200).map((o) => o.requestId);
    const recorded = await sql<{ requestId: string }>`
      SELECT request_id AS "requestId" FROM audit_log WHERE request_id = ANY(${answered})`.execute(admin.db);
    expect(new Set(recorded.rows.map((row) => row.requestId))).toEqual(new Set(answered));

    // And the server goes on as before.
    for (const endpointId of endpointIds) expect((await rename(endpointId, `After ${endpointId}`)).status).toBe(200);
  }, 120_000);
});
