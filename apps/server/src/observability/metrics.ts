import { constants, PerformanceObserver } from 'node:perf_hooks';
import { CircuitState } from 'cockatiel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type CarrierCallOutcome, CarrierHttp } from '../carriers/carrier-http.js';
import type { Database } from '../db/schema.js';

/*
 * What an operator's Prometheus scrapes from /metrics (docs/decisions/0199): the requests' latency by route, the
 * database pool, the carrier queue, the carrier calls' outcomes and circuits, and Node's own figures. One registry
 * per app, so two apps in one process (tests) count apart. What the database or the adapters know is read when
 * scraped, not kept up to date between scrapes.
 */

const OUTCOMES: readonly CarrierCallOutcome[] = ['success', 'refused', 'timeout', 'unreachable'];
const CIRCUIT_STATES: ReadonlyArray<[CircuitState, string]> = [
  [CircuitState.Closed, 'closed'],
  [CircuitState.HalfOpen, 'half_open'],
  [CircuitState.Open, 'open'],
  [CircuitState.Isolated, 'isolated'],
];
const QUEUE_STATUSES = ['queued', 'sent'] as const;

/** A request that matched no route (the not-found and web-app fallbacks) is one series, not one per URL. */
const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  observeHeapAfterFullCollections(app, registry);
  countRequests(app, registry);
  observePool(app, registry);
  observeCarrierQueue(app.database.db, registry);
  observeCarriers(app, registry);
  return registry;
}

/**
 * The heap in use just after the latest full collection: what the process keeps alive. The heap in use at a scrape
 * rises and falls by a hundred megabytes between collections, so a leak shows here long before it shows there.
 */
function observeHeapAfterFullCollections(app: FastifyInstance, registry: Registry) {
  const gauge = new Gauge({
    name: 'portal_heap_used_after_full_collection_bytes',
    help: 'V8 heap in use measured right after the latest full (mark-sweep-compact) collection; 0 before the first',
    registers: [registry],
  });
  const observer = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full) gauge.set(process.memoryUsage().heapUsed);
  });
  observer.observe({ entryTypes: ['gc'] });
  app.addHook('onClose', async () => {
    observer.disconnect();
  });
}

function countRequests(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}

function observePool(app: FastifyInstance, registry: Registry) {
  const poolStats = app.database.poolStats;
  // PGlite is one connection inside the process: there is no pool to watch.
  if (!poolStats) return;
  new Gauge({
    name: 'portal_db_pool_clients',
    help: 'PostgreSQL pool clients: all open, idle, and the queries waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = poolStats();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
}

type QueueSnapshot = { depth: Record<(typeof QUEUE_STATUSES)[number], number>; oldestDueSeconds: number };

/** One query per scrape for both gauges: the open requests are few and carrier_requests_due covers them. */
async function readCarrierQueue(db: Kysely<Database>): Promise<QueueSnapshot> {
  const rows = await db
    .selectFrom('carrier_requests')
    .select([
      'status',
      (eb) => eb.fn.countAll<number | string>().as('depth'),
      sql<
        number | string | null
      >`extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8`.as(
        'oldest_due_seconds',
      ),
    ])
    .where('status', 'in', QUEUE_STATUSES)
    .groupBy('status')
    .execute();
  const depth = { queued: 0, sent: 0 };
  let oldestDueSeconds = 0;
  for (const row of rows) {
    depth[row.status as keyof typeof depth] = Number(row.depth);
    oldestDueSeconds = Math.max(oldestDueSeconds, Number(row.oldest_due_seconds ?? 0));
  }
  return { depth, oldestDueSeconds };
}

function observeCarrierQueue(db: Kysely<Database>, registry: Registry) {
  // Both gauges are collected in the same scrape: the second is given the first's query.
  let reading: Promise<QueueSnapshot> | undefined;
  const snapshot = () => {
    reading ??= readCarrierQueue(db).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'portal_carrier_queue_depth',
    help: 'Carrier requests not yet finished: queued (not yet sent) and sent (awaiting the carrier)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { depth } = await snapshot();
      for (const status of QUEUE_STATUSES) this.set({ status }, depth[status]);
    },
  });
  new Gauge({
    name: 'portal_carrier_queue_oldest_due_seconds',
    help: 'How long the longest-waiting due carrier request has been due; 0 when none is',
    registers: [registry],
    async collect() {
      this.set((await snapshot()).oldestDueSeconds);
    },
  });
}

/** The HTTP clients of the app's carrier adapters, by the adapter's name (halo, keystone, ...). */
function carrierClients(app: FastifyInstance): Array<[string, CarrierHttp]> {
  const adapters: Record<string, unknown> = { ...app.carriers, ...app.broadbandAdapters };
  return Object.entries(adapters).flatMap(([carrier, adapter]) => {
    const http = (adapter as { http?: unknown }).http;
    return http instanceof CarrierHttp ? [[carrier, http] as [string, CarrierHttp]] : [];
  });
}

function observeCarriers(app: FastifyInstance, registry: Registry) {
  const clients = carrierClients(app);
  const calls = new Counter({
    name: 'portal_carrier_calls_total',
    help: "Calls to a carrier's API by how they ended, after retries",
    labelNames: ['carrier', 'outcome'] as const,
    registers: [registry],
  });
  for (const [carrier, http] of clients) {
    // Every series from the start, so a rate over the first failure is not lost to a missing series.
    for (const outcome of OUTCOMES) calls.inc({ carrier, outcome }, 0);
    const stop = http.onOutcome((outcome) => calls.inc({ carrier, outcome }));
    app.addHook('onClose', async () => {
      stop();
    });
  }
  new Gauge({
    name: 'portal_carrier_circuit_state',
    help: "Each carrier circuit breaker's state: 1 for the state it is in, 0 for the others",
    labelNames: ['carrier', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [carrier, http] of clients) {
        for (const [state, name] of CIRCUIT_STATES)
          this.set({ carrier, state: name }, http.breaker.state === state ? 1 : 0);
      }
    },
  });
}
