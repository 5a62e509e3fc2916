import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Job, PgBoss } from 'pg-boss';
import { pgliteFigures } from './job-queue-pglite.js';

/**
 * pg-boss next to the portal's own carrier-request worker pattern (decision 0088), on a scratch PostgreSQL database,
 * with a handler that does nothing, so only the queue's own cost shows (decision 0203). For each system:
 * - enqueue: BENCH_JOBS (2,000) jobs sent one per statement by 10 concurrent senders, as requests arrive;
 * - drain: the time from starting one worker (then two, each with its own pool, as two instances) until all jobs
 *   are recorded done, and whether any job ran twice;
 * - latency: BENCH_RATE (50) jobs a second for BENCH_LATENCY_JOBS (500), p50/p95 from the send to the handler's start;
 * - statements: every statement the process sent while it ran (the pg client counts them), per job.
 * The worker pattern is the portal's SQL on a table of carrier_requests' shape (its columns and due index, without
 * the audit trigger or foreign keys): claim 20 due rows FOR UPDATE SKIP LOCKED with a lease in one transaction
 * (with writeAs's set_config), then one guarded completion transaction per row; it polls every 1 s as
 * CARRIER_WORKER_POLL_MS does (the first round at once) and claims again at once while batches come back full. pg-boss 12 works with batches
 * of 20, polling every 1 s (its default is 2 s) and fetching again at once while batches are full; its latency is
 * measured polling and with LISTEN/NOTIFY.
 * Then pg-boss on PGlite sharing the server's one session with Kysely (job-queue-pglite.ts).
 * `npm run bench -- job-queue` (BENCH_POSTGRES_URL: the server to create the scratch database on; --pglite: only
 * the PGlite part).
 */
const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 500);
const SENDERS = 10;
const BATCH = 20;
const POLL_MS = 1000;

let statements = 0;
/** The bench's own look-ups (how many jobs are done), which are not the queue's statements. */
const uncounted = new WeakSet<pg.Client>();
// Every statement of this process goes through pg.Client#query (pools included): count the queues'.
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (!uncounted.has(this)) statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

type Queue = {
  name: string;
  send(sentAt: number): Promise<void>;
  /** Starts a worker calling onJob for each job; answers its stop. */
  startWorker(onJob: (sentAt: number, id: string) => void): Promise<() => Promise<void>>;
  completed(): Promise<number>;
  clear(): Promise<void>;
  close(): Promise<void>;
};

type Row = { figure: string; [system: string]: string | number };

export async function run(args: string[]): Promise<void> {
  if (!args.includes('--pglite')) await onPostgres();
  console.log('pg-boss on PGlite, sharing its one session with Kysely while a request transaction fails:');
  console.table(await pgliteFigures());
}

async function onPostgres(): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const rows: Row[] = [];
  try {
    const systems: Array<[string, () => Promise<Queue>, (() => Promise<Queue>) | undefined]> = [
      ['worker pattern', () => workerPattern(url), undefined],
      ['pg-boss', () => pgBoss(url, false), () => pgBoss(url, true)],
    ];
    const figures: Record<string, Record<string, string | number>> = {};
    for (const [system, open, openNotifying] of systems) {
      console.log(`${system}…`);
      figures[system] = await measure(await open(), openNotifying);
    }
    for (const figure of Object.keys(figures['worker pattern'] ?? {})) {
      rows.push({
        figure,
        ...Object.fromEntries(Object.entries(figures).map(([system, values]) => [system, values[figure] ?? ''])),
      });
    }
    console.log(
      `${JOBS} jobs, no-op handler, PostgreSQL ${(await admin.query('SHOW server_version')).rows[0].server_version}`,
    );
    console.table(Object.fromEntries(rows.map(({ figure, ...values }) => [figure, values])));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measure(queue: Queue, openNotifying: (() => Promise<Queue>) | undefined) {
  const out: Record<string, string | number> = {};
  try {
    // Enqueue.
    let start = performance.now();
    statements = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next++ < JOBS) await queue.send(Date.now());
      }),
    );
    let ms = performance.now() - start;
    out['enqueue (jobs/s)'] = Math.round(JOBS / (ms / 1000));
    out['enqueue statements/job'] = round(statements / JOBS);

    // Drain with one worker, then two.
    for (const workers of [1, 2]) {
      if (workers === 2) {
        await queue.clear();
        next = 0;
        await Promise.all(
          Array.from({ length: SENDERS }, async () => {
            while (next++ < JOBS) await queue.send(Date.now());
          }),
        );
      }
      const runs = new Map<string, number>();
      statements = 0;
      start = performance.now();
      const queues = [queue, ...(workers === 2 ? [await queue2(queue)] : [])];
      const stops = await Promise.all(
        queues.map((q) => q.startWorker((_sentAt, id) => runs.set(id, (runs.get(id) ?? 0) + 1))),
      );
      await waitFor(async () => (await queue.completed()) >= JOBS);
      ms = performance.now() - start;
      const counted = statements;
      for (const stop of stops) await stop();
      if (workers === 2) await queues[1]?.close();
      out[`drain, ${workers} worker${workers > 1 ? 's' : ''} (ms)`] = Math.round(ms);
      out[`drain, ${workers} worker${workers > 1 ? 's' : ''} (jobs/s)`] = Math.round(JOBS / (ms / 1000));
      out[`drain, ${workers} worker${workers > 1 ? 's' : ''}: statements/job`] = round(counted / JOBS);
      out[`drain, ${workers} worker${workers > 1 ? 's' : ''}: jobs run twice`] = [...runs.values()].filter(
        (n) => n > 1,
      ).length;
    }

    // Latency at a steady rate, polling; for pg-boss also woken by NOTIFY.
    await queue.clear();
    Object.assign(out, await latency(queue, 'polling'));
    if (openNotifying) {
      const notifying = await openNotifying();
      try {
        Object.assign(out, await latency(notifying, 'NOTIFY'));
      } finally {
        await notifying.close();
      }
    } else {
      out['latency NOTIFY p50 (ms)'] = 'n/a';
      out['latency NOTIFY p95 (ms)'] = 'n/a';
    }
  } finally {
    await queue.close();
  }
  return out;
}

/** A second instance of the same system on the same database (its own pool), for two workers. */
const secondInstances = new WeakMap<Queue, () => Promise<Queue>>();
function queue2(queue: Queue): Promise<Queue> {
  const open = secondInstances.get(queue);
  if (!open) throw new Error(`${queue.name} has no second instance`);
  return open();
}

async function latency(queue: Queue, how: string) {
  const samples: number[] = [];
  const stop = await queue.startWorker((sentAt) => samples.push(Date.now() - sentAt));
  // Let the worker settle into its polling rhythm first.
  await sleep(1500);
  const begun = Date.now();
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const due = begun + (i * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    await queue.send(Date.now());
  }
  await waitFor(async () => samples.length >= LATENCY_JOBS);
  await stop();
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? Number.NaN;
  return { [`latency ${how} p50 (ms)`]: at(0.5), [`latency ${how} p95 (ms)`]: at(0.95) };
}

// ---------------------------------------------------------------------------------------------------------------
// The portal's worker pattern (apps/server/src/jobs/carrier-request-worker.ts), as SQL.

const WORKER_TABLE = `CREATE TABLE IF NOT EXISTS bench_requests (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL, endpoint_id integer NOT NULL, order_item_id integer, requested_by_user_id integer,
  carrier text NOT NULL, kind text NOT NULL, payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz, last_error text, carrier_reference text,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS bench_requests_due ON bench_requests (next_attempt_at) WHERE status IN ('queued', 'sent')`;

async function workerPattern(url: string): Promise<Queue> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const monitor = await monitorOf(url);
  await monitor.query(WORKER_TABLE);
  const queue: Queue = {
    name: 'worker pattern',
    async send(sentAt) {
      await pool.query(
        `INSERT INTO bench_requests (company_id, endpoint_id, carrier, kind, payload, next_attempt_at)
         VALUES (1, 1, 'mobile-33', 'call_barring', $1, now())`,
        [JSON.stringify({ sentAt })],
      );
    },
    async startWorker(onJob) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> | undefined;
      const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(
            "SELECT set_config('portal.actor_user_id', '', true), set_config('portal.request_id', 'carrier-worker', true)",
          );
          const result = await work(client);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      };
      const claim = () =>
        inTransaction(async (client) => {
          const { rows } = await client.query<{ id: number; status: string; payload: { sentAt: number } }>(
            `SELECT id, carrier, kind, status, payload, attempts, carrier_reference, order_item_id,
                    requested_by_user_id, created_at
             FROM bench_requests WHERE status IN ('queued', 'sent') AND carrier IN ('mobile-33', 'mobile-27-36')
               AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          );
          if (rows.length > 0) {
            await client.query(
              `UPDATE bench_requests SET next_attempt_at = now() + 60000 * interval '1 millisecond', updated_at = now()
               WHERE id = ANY($1)`,
              [rows.map((row) => row.id)],
            );
          }
          return rows;
        });
      const complete = (row: { id: number; status: string }) =>
        inTransaction((client) =>
          client.query(
            `UPDATE bench_requests SET status = 'succeeded', attempts = attempts + 1, last_error = NULL,
               next_attempt_at = NULL, updated_at = now() WHERE id = $1 AND status = $2 RETURNING id`,
            [row.id, row.status],
          ),
        );
      const round = async () => {
        for (;;) {
          const rows = await claim();
          await Promise.all(
            rows.map(async (row) => {
              onJob(row.payload.sentAt, String(row.id));
              await complete(row);
            }),
          );
          if (rows.length < BATCH) return;
        }
      };
      const schedule = (wait: number) => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = round().finally(() => schedule(POLL_MS));
        }, wait);
      };
      // The first round at once, as pg-boss's first fetch: the drain measures the queue, not the start.
      schedule(0);
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await running;
      };
    },
    async completed() {
      const { rows } = await monitor.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM bench_requests WHERE status = 'succeeded'",
      );
      return rows[0]?.n ?? 0;
    },
    async clear() {
      await monitor.query('TRUNCATE bench_requests');
    },
    async close() {
      await monitor.end();
      await pool.end();
    },
  };
  secondInstances.set(queue, () => workerPattern(url));
  return queue;
}

// ---------------------------------------------------------------------------------------------------------------
// pg-boss.

const PG_BOSS_QUEUE = 'carrier-requests';

async function pgBoss(url: string, notify: boolean): Promise<Queue> {
  const boss = new PgBoss({ connectionString: url, max: 10, useListenNotify: notify, schedule: false });
  boss.on('error', (error) => console.error('pg-boss:', error.message));
  await boss.start();
  if (!(await boss.getQueue(PG_BOSS_QUEUE))) {
    await boss.createQueue(PG_BOSS_QUEUE, { notify: true, retryLimit: 5, expireInSeconds: 60 });
  }
  const monitor = await monitorOf(url);
  const queue: Queue = {
    name: 'pg-boss',
    async send(sentAt) {
      await boss.send(PG_BOSS_QUEUE, { sentAt });
    },
    async startWorker(onJob) {
      const id = await boss.work<{ sentAt: number }>(
        PG_BOSS_QUEUE,
        { batchSize: BATCH, pollingIntervalSeconds: POLL_MS / 1000, burstWhenBatchFull: true },
        async (jobs: Job<{ sentAt: number }>[]) => {
          for (const job of jobs) onJob(job.data.sentAt, job.id);
        },
      );
      return () => boss.offWork(PG_BOSS_QUEUE, { id });
    },
    async completed() {
      const { rows } = await monitor.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'",
        [PG_BOSS_QUEUE],
      );
      return rows[0]?.n ?? 0;
    },
    async clear() {
      await boss.deleteAllJobs(PG_BOSS_QUEUE);
    },
    async close() {
      await monitor.end();
      await boss.stop({ graceful: true, close: true, timeout: 10_000 });
    },
  };
  secondInstances.set(queue, () => pgBoss(url, notify));
  return queue;
}

// ---------------------------------------------------------------------------------------------------------------

/** A connection whose statements are not counted, for the bench's own look-ups. */
async function monitorOf(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  uncounted.add(client);
  await client.connect();
  return client;
}

async function waitFor(done: () => Promise<boolean>, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out waiting for the jobs');
    await sleep(20);
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
