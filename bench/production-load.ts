import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { startNginx } from '../apps/server/test/support/nginx.js';
import type { LargestCompany } from './large-data-set.js';
import { findInLargestCompany, largeDataSetUrl } from './large-data-set.js';
import { DEMO_PASSWORD } from './load.js';
import { type RunningPortal, startCarrierSimulator, startPortal } from './portal-server.js';
import { type Call, type CallStats, closedLoop, openLoop, slope, summarise, type Window } from './session-load.js';

/*
 * The deployment of docs/operations.md under a realistic mix of portal sessions: two built instances on the large
 * data set in PostgreSQL, sharing Redis, behind nginx, with the carrier simulator. From this (second) process, virtual
 * users replay sessions: sign in, the home page's calls, then one to five tasks of estate paging and filtering, a
 * device page, bills, search and a bar change. Prints, with PASS or FAIL:
 *   1. the floor: one instance's /health at the same concurrency, in requests per second;
 *   2. the mix's maximum throughput through nginx, as a share of the floor (target >= 30%);
 *   3. at half of that maximum, p50/p95/p99 per call and of the mix (target: the mix's p99 < 100 ms, no errors);
 *   4. with --soak (BENCH_SOAK_MINUTES, default 10), the slopes per minute of each instance's heap after full collections, the p99, the
 *      database's connections and each instance's open files at that rate (target: no growth).
 * `npm run build && BENCH_DATABASE_URL=… npm run bench -- production-load [--soak]`
 */

const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LINES_PER_USER = 16;
// A session signs in, opens the home page, then does one to five tasks (a line found in the estate, its device page,
// the bills, a search, a bar change): 50 calls per sign-in on average, as a finance or fleet administrator's visit.
// The varying length also keeps the users' sign-ins from falling in step.
const MOST_TASKS_PER_SESSION = 5;
const WARM_UP_SECONDS = 15;
const MIX_SHARE_TARGET = 0.3;
const P99_TARGET_MS = 100;
const SOAK_SAMPLE_SECONDS = 15;
const METRICS_TOKEN = 'production-load-metrics-token';

type Subject = {
  companyId: number;
  lines: Array<{ endpointId: number; cli: string; orderItemId: number }>;
  town: string;
};

function findSubject(url: string) {
  return findInLargestCompany<Subject>(
    url,
    `x.lines, t.town`,
    `JOIN LATERAL (
      SELECT json_agg(json_build_object('endpointId', e.id, 'cli', e.identifier, 'orderItemId', oi.id)) AS lines
      FROM (SELECT e.id, e.identifier FROM endpoints e
            WHERE e.company_id = l.company_id AND e.endpoint_type_id = 1 AND e.supplier_id = 33
            ORDER BY e.id DESC LIMIT ${CONCURRENCY * 2 * LINES_PER_USER}) e
      JOIN LATERAL (SELECT oi.id FROM order_items oi WHERE oi.endpoint_id = e.id ORDER BY oi.id LIMIT 1) oi ON true
    ) x ON true
    JOIN LATERAL (
      SELECT a.town FROM sites s JOIN addresses a ON a.id = s.address_id
      WHERE s.company_id = l.company_id ORDER BY s.id LIMIT 1
    ) t ON true`,
  );
}

export async function run(args: string[]): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const soakMinutes = args.includes('--soak') ? Number(process.env.BENCH_SOAK_MINUTES ?? 10) : 0;
  const subject = await findSubject(url);
  console.log(
    `${subject.companyName}: ${subject.endpoints.toLocaleString('en-GB')} lines; sessions of ${subject.userName}, ` +
      `${CONCURRENCY} virtual users, ${SECONDS} s per load`,
  );
  const simulator = await startCarrierSimulator();
  const env = {
    DATABASE_URL: url,
    SEED: 'none',
    CARRIER_SIM_URL: simulator.url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // The soak reads each instance's heap and collections from its /metrics.
    METRICS_TOKEN,
    TRUST_PROXY: '127.0.0.1',
    // Every session of the bench comes from one address: the sign-in throttle only counts failures, and there are none.
  };
  const instances: RunningPortal[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    instances.push(await startPortal(env), await startPortal(env));
    nginx = await startNginx(instances.map((instance) => instance.baseUrl));
    const [first] = instances;
    if (!first) throw new Error('no instance');

    const session = portalSession(subject);
    // Warm both instances (their statement plans, caches and JIT) before anything is measured.
    await closedLoop({ baseUrl: nginx.url, concurrency: CONCURRENCY, seconds: 5, session });

    const floor = await closedLoop({
      baseUrl: first.baseUrl,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      session: health,
    });
    const cpuBefore = await cpuSeconds(instances);
    const maximum = await closedLoop({ baseUrl: nginx.url, concurrency: CONCURRENCY, seconds: SECONDS, session });
    const cpu = difference(await cpuSeconds(instances), cpuBefore);
    const halfRate = Math.max(1, Math.floor(maximum.rps / 2));
    const half = await openLoop({
      baseUrl: nginx.url,
      rate: halfRate,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      session,
    });

    console.log(`\nfloor, one instance's /health: ${floor.rps} requests/s (p99 ${summarise(floor.calls)[0]?.p99} ms)`);
    const share = maximum.rps / floor.rps;
    console.log(
      `mix at most, two instances behind nginx: ${maximum.rps} requests/s = ${(share * 100).toFixed(1)}% of the floor ` +
        `(${maximum.errors} errors) ${share >= MIX_SHARE_TARGET ? 'PASS' : 'FAIL'} (target >= ${MIX_SHARE_TARGET * 100}%, ` +
        'out of reach on two cores: docs/decisions/0204)',
    );
    console.log(
      `  CPU seconds per second of it: ${Object.entries(cpu)
        .map(([who, seconds]) => `${who} ${(seconds / SECONDS).toFixed(2)}`)
        .join(', ')} (${availableParallelism()} cores)`,
    );
    // What a deployment multiplies by its cores (decision 0204): the portal's own processes, not the load generator.
    const portalCpu = (cpu.servers ?? 0) + (cpu.postgres ?? 0) + (cpu.nginx ?? 0);
    console.log(`  capacity: ${Math.round((maximum.rps * SECONDS) / portalCpu)} calls of the mix per CPU-second`);
    console.log(
      `\nat half of that, ${halfRate} requests/s for ${SECONDS} s after ${WARM_UP_SECONDS} s unrecorded (ms):`,
    );
    const rows = summarise(half.calls);
    console.table(rows);
    const [all] = summarise([{ name: 'all calls', latencies: half.calls.flatMap((call) => call.latencies) }]);
    const slowest = rows.reduce((worst, row) => (row.p99 > worst.p99 ? row : worst));
    const halfPasses = (all?.p99 ?? Number.POSITIVE_INFINITY) < P99_TARGET_MS && half.errors === 0;
    console.log(
      `all calls: p50 ${all?.p50} ms, p95 ${all?.p95} ms, p99 ${all?.p99} ms; slowest call's p99 ${slowest.p99} ms ` +
        `(${slowest.call}); ${half.errors} errors, ${half.late} calls started over 0.1 s late: ` +
        `${halfPasses ? 'PASS' : 'FAIL'} (target: p99 of the mix < ${P99_TARGET_MS} ms, no errors)`,
    );
    if (half.errorSamples.length > 0) console.log('errors, first few:', half.errorSamples.slice(0, 5));

    if (soakMinutes > 0)
      await soak({ baseUrl: nginx.url, rate: halfRate, minutes: soakMinutes, session, instances, url });
  } finally {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await simulator.stop();
  }
}

/** A session of a company administrator, as the web app makes its calls; each virtual user has lines of its own. */
function portalSession(subject: Subject & LargestCompany) {
  const company = subject.companyId;
  const latestBill = new URLSearchParams({
    $select: 'billDate,invoiceAmount',
    $filter: `companyId eq ${company}`,
    $orderby: 'billDate desc',
    $top: '1',
  });
  return async function* session(user: number): AsyncGenerator<Call, void, unknown> {
    for (let visit = 0; ; visit++) {
      const login = yield {
        name: 'sign in',
        method: 'POST' as const,
        path: '/api/login',
        form: { username: subject.userName, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' },
      };
      const main = (login as { token: { access_token: string } }).token.access_token;
      const dash = yield { name: 'dash token', method: 'POST' as const, path: '/api/login/dash', token: main };
      const dashToken = (dash as { data: { token: { access_token: string } } }).data.token.access_token;
      const auth = { token: main, dashToken };
      const get = (name: string, path: string) => ({ name, method: 'GET' as const, path, ...auth });

      yield get('home: functionality', '/api/profiles/myFunctionality');
      yield get('home: partner settings', '/api/partners/current/settings');
      yield get('home: messages', '/api/messages');
      yield get('home: company names', '/api/companies/names');
      yield get('home: handsets count', '/api/endpoints/mobileHandset/user?$top=0&$count=true');
      yield get('home: broadband count', '/api/endpoints/broadbandConnection/user?$top=0&$count=true');
      yield get('home: orders count', '/api/orders/mobile?$top=0&$count=true');
      yield get('home: latest bill', `/api/invoices?${latestBill}`);
      yield get('home: calls chart', `/api/invoices/callsChart?companyId=${company}`);

      const tasks = 1 + ((user * 7 + visit * 13) % MOST_TASKS_PER_SESSION);
      for (let task = 0; task < tasks; task++) {
        const round = visit * MOST_TASKS_PER_SESSION + task;
        const line = subject.lines[(user * LINES_PER_USER + (round % LINES_PER_USER)) % subject.lines.length];
        if (!line) throw new Error('no lines to use');
        yield get('estate: page 1', '/api/endpoints/mobileHandset/user?$top=20&$count=true');
        yield get('estate: page 2', '/api/endpoints/mobileHandset/user?$top=20&$skip=20&$count=true');
        const byNumber = new URLSearchParams({
          $filter: `identifier eq '${line.cli}' and endPointTypeId eq 1`,
          $top: '1',
        });
        yield get('estate: by number', `/api/endpoints?${byNumber}`);

        yield get('device: contract', `/api/contracts/cli/${line.cli}`);
        yield get('device: pending orders', `/api/orders/pending/${line.cli}/${line.orderItemId}`);
        yield get('device: carrier details', `/api/mobileHalo/${line.endpointId}`);
        yield get('device: monthly usage', `/api/endpoints/${line.endpointId}/monthlyUsage`);
        const addons = yield get(
          'device: bars',
          `/api/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${line.orderItemId}`,
        );

        yield get('bills: list', '/api/invoices?$top=20&$count=true');
        yield get('bills: cost chart', `/api/invoices/costChart?companyId=${company}`);
        yield get('search', `/api/companies/search?${new URLSearchParams({ searchTerm: subject.town, count: '5' })}`);

        const bar = barToToggle(addons);
        if (bar) {
          yield {
            name: 'bar change',
            method: 'POST' as const,
            path: `/api/mobileHalo/bars/${line.endpointId}`,
            json: {
              barsToAdd: bar.active ? [] : [bar.id],
              barsToRemove: bar.active ? [bar.id] : [],
              orderItemId: line.orderItemId,
              addEvent: true,
            },
            ...auth,
          };
        }
      }
    }
  };
}

type Bar = { id: number; name: string; active: boolean };

/** The first bar a user may change: the spend-limit bar is the spend-limit page's. */
function barToToggle(answer: unknown): Bar | undefined {
  const bars = (Array.isArray(answer) ? answer : ((answer as { value?: unknown[] })?.value ?? [])) as Bar[];
  return bars.find((bar) => !/spend/i.test(bar.name));
}

async function* health(): AsyncGenerator<Call, void, unknown> {
  for (;;) yield { name: '/health', method: 'GET' as const, path: '/health' };
}

type SoakOptions = {
  baseUrl: string;
  rate: number;
  minutes: number;
  session: ReturnType<typeof portalSession>;
  instances: RunningPortal[];
  url: string;
};

/** The half rate for minutes, sampling each instance's memory and open files, the p99 and the database's connections. */
async function soak({ baseUrl, rate, minutes, session, instances, url }: SoakOptions): Promise<void> {
  console.log(`\nsoak: ${rate} requests/s for ${minutes} minutes, a sample every ${SOAK_SAMPLE_SECONDS} s`);
  const database = new pg.Client({ connectionString: url });
  await database.connect();
  type Sample = {
    minute: number;
    rssMb: number[];
    heapMb: number[];
    keptMb: number[];
    majorCollections: number[];
    openFiles: number[];
    p99: number;
    connections: number;
    errors: number;
  };
  const samples: Sample[] = [];
  const started = performance.now();
  const onWindow = async (window: Window) => {
    const all: CallStats = { name: 'all', latencies: window.calls.flatMap((call) => call.latencies) };
    const connections = await database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database()',
    );
    const sample: Sample = {
      minute: (performance.now() - started) / 60_000,
      rssMb: await Promise.all(instances.map((instance) => residentMegabytes(instance.pid))),
      ...(await heapFigures(instances)),
      openFiles: await Promise.all(instances.map((instance) => openFiles(instance.pid))),
      p99: summarise([all])[0]?.p99 ?? 0,
      connections: connections.rows[0]?.count ?? 0,
      errors: window.errors,
    };
    samples.push(sample);
    console.log(
      `  ${sample.minute.toFixed(1)} min: rss ${sample.rssMb.join(' / ')} MB, heap used ${sample.heapMb.join(' / ')} MB ` +
        `(${sample.keptMb.join(' / ')} after the last full collection), ` +
        `full collections ${sample.majorCollections.join(' / ')}, open files ${sample.openFiles.join(' / ')}, ` +
        `p99 ${sample.p99} ms, db connections ${sample.connections}, errors ${sample.errors}`,
    );
  };
  try {
    await openLoop({
      baseUrl,
      rate,
      seconds: minutes * 60,
      warmUpSeconds: WARM_UP_SECONDS,
      session,
      sampling: { everySeconds: SOAK_SAMPLE_SECONDS, onWindow },
    });
  } finally {
    await database.end();
  }
  // The first third is warm-up (pools filling, plans caching, V8 sizing its heap over its first full collections):
  // the slopes are of what follows.
  const steady = samples.filter((sample) => sample.minute >= minutes / 3);
  const x = steady.map((sample) => sample.minute);
  // The heap in use rises between collections and drops at each: growth is judged on what each full collection
  // leaves (the server's own gauge), not on where in its rise a scrape fell. Resident memory is printed, not judged:
  // V8 keeps pages it has freed.
  const kept = (index: number) => steady.map((sample) => sample.keptMb[index] ?? 0);
  const judged: Array<[string, number, number]> = [
    ...instances.flatMap(
      (_, index): Array<[string, number, number]> => [
        [`instance ${index + 1} heap kept by full collections, MB/min`, slope(x, kept(index)), 1],
        [
          `instance ${index + 1} open files, per min`,
          slope(
            x,
            steady.map((s) => s.openFiles[index] ?? 0),
          ),
          0.5,
        ],
      ],
    ),
    [
      'p99, ms/min',
      slope(
        x,
        steady.map((s) => s.p99),
      ),
      1,
    ],
    [
      'database connections, per min',
      slope(
        x,
        steady.map((s) => s.connections),
      ),
      0.2,
    ],
  ];
  console.table(judged.map(([what, value, limit]) => ({ what, slope: Number(value.toFixed(3)), limit })));
  const errors = samples.reduce((sum, sample) => sum + sample.errors, 0);
  const passes = judged.every(([, value, limit]) => value < limit) && errors === 0;
  const collections = instances.map(
    (_, index) => (steady.at(-1)?.majorCollections[index] ?? 0) - (steady[0]?.majorCollections[index] ?? 0),
  );
  console.log(`full collections in the judged part, per instance: ${collections.join(' / ')}`);
  console.log(`soak: ${errors} errors; ${passes ? 'PASS' : 'FAIL'} (no growth: each slope under its limit, no errors)`);
}

/** CPU seconds used so far by the two instances, PostgreSQL's processes, nginx's and this load generator. */
async function cpuSeconds(instances: RunningPortal[]): Promise<Record<string, number>> {
  const ticks = 100; // USER_HZ on Linux
  const used = async (pid: number) => {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  };
  const byName = async (name: string) => {
    let total = 0;
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
      if (comm.trim() === name) total += await used(Number(entry)).catch(() => 0);
    }
    return total;
  };
  const own = process.cpuUsage();
  return {
    servers: (await Promise.all(instances.map((instance) => used(instance.pid)))).reduce((a, b) => a + b, 0),
    postgres: await byName('postgres'),
    nginx: await byName('nginx'),
    'load generator': (own.user + own.system) / 1e6,
  };
}

function difference(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([who, seconds]) => [who, seconds - (before[who] ?? 0)]));
}

/**
 * Each instance's V8 heap in use (MB), what its latest full (mark-sweep-compact) collection left, and how many full
 * collections it has run.
 */
async function heapFigures(instances: RunningPortal[]) {
  const figures = await Promise.all(
    instances.map(async (instance) => {
      const response = await fetch(`${instance.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await response.text();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
      return {
        heapMb: Math.round(value(/^nodejs_heap_size_used_bytes (\S+)$/m) / 1024 / 1024),
        keptMb: Math.round(value(/^portal_heap_used_after_full_collection_bytes (\S+)$/m) / 1024 / 1024),
        majorCollections: value(/^nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m),
      };
    }),
  );
  return {
    heapMb: figures.map((figure) => figure.heapMb),
    keptMb: figures.map((figure) => figure.keptMb),
    majorCollections: figures.map((figure) => figure.majorCollections),
  };
}

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

async function openFiles(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}
