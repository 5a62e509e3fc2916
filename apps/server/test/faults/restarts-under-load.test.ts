import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { type BuiltServer, killBuiltServer, signInTo, startBuiltServer } from '../support/built-server.js';
import { databaseUrl } from '../support/database-templates.js';
import { postgresBinaries, startPostgresCluster, type TestPostgresCluster } from '../support/postgres-cluster.js';

/*
 * Restarts under load, on a PostgreSQL server of the test's own, with the built server answering reads and writes:
 * - PostgreSQL restarts (a fast shutdown: every session ended): every request is answered 200 or 503, never 500,
 *   the process lives on, and once PostgreSQL is back requests succeed with no restart;
 * - the server is SIGKILLed mid-write: a new one starts on the same database and finds nothing half-written.
 * Each write is all or nothing: a line's name and its audit record are one transaction.
 */

const WRITERS = 4;
const READERS = 2;

type Outcome = { status: number; requestId: string; name?: string; endpointId?: number };

describe.skipIf(!postgresBinaries())('restarts under load', () => {
  let cluster: TestPostgresCluster;
  let server: BuiltServer | undefined;
  let admin: DatabaseHandle;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const root = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 1 });
    await sql`CREATE DATABASE portal`.execute(root.db);
    await root.close();
    url = databaseUrl(cluster.url, 'portal');
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

  /** Four writers renaming a line each and two readers, until stopped; each answer's status and request id. */
  async function underLoad(running: BuiltServer) {
    const token = await signInTo(running);
    const headers = { authorization: `Bearer ${token}` };
    const lines = await fetch(`${running.baseUrl}/api/endpoints?$top=${WRITERS}&$select=id&$orderby=id`, { headers });
    const endpointIds = ((await lines.json()) as { value: Array<{ id: number }> }).value.map((line) => line.id);
    expect(endpointIds).toHaveLength(WRITERS);
    const outcomes: Outcome[] = [];
    let stopping = false;
    const rename = async (endpointId: number, name: string): Promise<Outcome> => {
      const answer = await fetch(`${running.baseUrl}/api/endpoints/${endpointId}/changeName`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: endpointId, name }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return { status: response.status, requestId: response.headers.get('x-request-id') ?? '' };
        },
        // The server died under the call: no answer at all.
        () => ({ status: 0, requestId: '' }),
      );
      return { ...answer, name, endpointId };
    };
    const writer = async (endpointId: number) => {
      for (let n = 0; !stopping; n++) outcomes.push(await rename(endpointId, `Load ${endpointId}-${n}`));
    };
    const reader = async () => {
      while (!stopping) {
        const answer = await fetch(`${running.baseUrl}/api/messages`, { headers }).then(
          async (response) => {
            await response.arrayBuffer();
            return { status: response.status, requestId: response.headers.get('x-request-id') ?? '' };
          },
          () => ({ status: 0, requestId: '' }),
        );
        outcomes.push(answer);
      }
    };
    const load = Promise.all([...endpointIds.map(writer), ...Array.from({ length: READERS }, reader)]);
    const answered = (from = 0) => outcomes.slice(from).filter((outcome) => outcome.status === 200).length;
    return {
      endpointIds,
      outcomes,
      answered,
      rename,
      async stop() {
        stopping = true;
        await load;
      },
    };
  }

  /** Each line's name is the one its last audit record wrote, and every rename answered 200 has its record. */
  async function expectWritesWhole(endpointIds: number[], outcomes: Outcome[]) {
    const audited = await sql<{ endpointId: number; name: string | null; current: string | null }>`
      SELECT DISTINCT ON (e.id) e.id AS "endpointId", a.after ->> 'name' AS name, e.name AS current
      FROM endpoints e JOIN audit_log a ON a.table_name = 'endpoints' AND (a.row_key ->> 'id')::int = e.id
      WHERE e.id = ANY(${endpointIds}) ORDER BY e.id, a.id DESC`.execute(admin.db);
    expect(audited.rows).toHaveLength(endpointIds.length);
    for (const row of audited.rows) expect(row.name).toBe(row.current);
    const answered = outcomes.filter((outcome) => outcome.name && outcome.status === 200).map((o) => o.requestId);
    const recorded = await sql<{ requestId: string }>`
      SELECT request_id AS "requestId" FROM audit_log WHERE request_id = ANY(${answered})`.execute(admin.db);
    expect(new Set(recorded.rows.map((row) => row.requestId))).toEqual(new Set(answered));
  }

  it('PostgreSQL restarted: answers 200 or 503, keeps every write whole, and recovers without a restart', async () => {
    if (!server) throw new Error('no server');
    const running = server;
    const load = await underLoad(running);
    await expect.poll(() => load.answered()).toBeGreaterThan(20);
    await cluster.restart();
    const restartedAt = load.outcomes.length;
    await expect.poll(() => load.answered(restartedAt), { timeout: 20_000 }).toBeGreaterThan(20);
    await load.stop();

    const statuses = new Set(load.outcomes.map((outcome) => outcome.status));
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.has(503)).toBe(true);
    expect(running.child.exitCode).toBeNull();
    await expectWritesWhole(load.endpointIds, load.outcomes);
    for (const endpointId of load.endpointIds) {
      expect((await load.rename(endpointId, `After ${endpointId}`)).status).toBe(200);
    }
  }, 120_000);

  it('the server SIGKILLed mid-write: the next one finds every write whole', async () => {
    if (!server) throw new Error('no server');
    const load = await underLoad(server);
    await expect.poll(() => load.answered()).toBeGreaterThan(20);
    await killBuiltServer(server);
    await load.stop();
    server = await startBuiltServer(dataDir, { DATABASE_URL: url, SEED: 'none', CARRIER_WORKER: 'off' });
    await expectWritesWhole(load.endpointIds, load.outcomes);
    const next = await underLoad(server);
    await expect.poll(() => next.answered()).toBeGreaterThan(WRITERS);
    await next.stop();
  }, 120_000);
});
