import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { type Db, fromPglite, PgBoss } from 'pg-boss';

/**
 * pg-boss on PGlite through its `db` option, sharing the one PGlite instance with Kysely as the server does
 * (apps/server/src/db/connection.ts), while a request's transaction fails mid-way (decision 0203). Two adapters:
 * - pg-boss's own fromPglite, which sends each statement straight to the instance;
 * - one that takes Kysely's connection for each statement, so it waits for the app's transaction to end.
 * For each: jobs handled, handler runs, jobs run twice and jobs left active.
 */
const JOBS = 10;
const TRANSACTION_MS = 2500;

export async function pgliteFigures(): Promise<Array<Record<string, string | number>>> {
  return [
    { adapter: "pg-boss's fromPglite", ...(await tryAdapter((client) => fromPglite(client))) },
    { adapter: "through Kysely's connection", ...(await tryAdapter(throughKysely)) },
  ];
}

function throughKysely(client: PGlite, db: Kysely<unknown>): Db {
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        // pg-boss sends its schema and locked blocks as several statements in one text, which only exec runs.
        try {
          return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
  };
}

async function tryAdapter(adapter: (client: PGlite, db: Kysely<unknown>) => Db) {
  const client = new PGlite();
  await client.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  const boss = new PgBoss({ db: adapter(client, db), backend: 'pglite', schedule: false });
  boss.on('error', () => {});
  try {
    await boss.start();
    await boss.createQueue('requests');
    for (let i = 0; i < JOBS; i++) await boss.send('requests', { i });
    const runs = new Map<string, number>();
    await boss.work('requests', { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    });
    // A request's transaction that fails after a while, as pg-boss goes on working.
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, TRANSACTION_MS));
        throw new Error('the request failed');
      })
      .catch(() => {});
    await waitFor(async () => runs.size >= JOBS);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const active = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`.execute(
      db,
    );
    const total = [...runs.values()].reduce((sum, n) => sum + n, 0);
    return {
      jobs: runs.size,
      'handler runs': total,
      'jobs run twice': [...runs.values()].filter((n) => n > 1).length,
      'left active': active.rows[0]?.n ?? 0,
    };
  } finally {
    await boss.stop({ graceful: true, close: false, timeout: 5000 });
    await client.close();
  }
}

async function waitFor(done: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
