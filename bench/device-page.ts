import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { CONNECTIONS, DEMO_PASSWORD, DURATION_SECONDS, type Figures, measure } from './load.js';
import { startPortal } from './portal-server.js';

/** The target: p95 under this many milliseconds at CONNECTIONS concurrent requests. */
const P95_TARGET_MS = 100;
const SIMULATOR_ENTRY = path.resolve(import.meta.dirname, '../apps/carrier-sim/dist/main.js');

type Subject = {
  userName: string;
  companyName: string;
  endpointId: number;
  cli: string;
  orderItemId: number;
};

/**
 * The device page of the large data set's worst case: the administrator of the company with the most lines, and
 * that company's Halo (supplier 33) line with the most order events on its contract's item.
 */
async function findSubject(databaseUrl: string): Promise<Subject> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Subject>(`
      WITH largest AS (
        SELECT company_id FROM endpoints GROUP BY company_id ORDER BY count(*) DESC, company_id LIMIT 1
      ), line AS (
        SELECT e.id, e.identifier, c.order_item_id
        FROM endpoints e
        JOIN contracts c ON c.endpoint_id = e.id
        JOIN largest l ON l.company_id = e.company_id
        WHERE e.supplier_id = 33
        ORDER BY (SELECT count(*) FROM order_events ev WHERE ev.order_item_id = c.order_item_id) DESC, e.id
        LIMIT 1
      )
      SELECT
        (SELECT u.user_name FROM users u JOIN user_companies uc ON uc.user_id = u.id
           JOIN profiles p ON p.id = u.profile_id
         WHERE uc.company_id = l.company_id AND p.name = 'Company Administrator' ORDER BY u.id LIMIT 1) AS "userName",
        (SELECT name FROM companies WHERE id = l.company_id) AS "companyName",
        line.id AS "endpointId",
        line.identifier AS cli,
        line.order_item_id AS "orderItemId"
      FROM largest l, line`);
    const subject = rows[0];
    if (!subject?.userName || !subject.cli) {
      throw new Error('DATABASE_URL holds no large data set: load one with `npm run seed:large`');
    }
    return subject;
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The built carrier simulator in its own process. Its base latency is 0 unless BENCH_SIM_LATENCY_MS says otherwise,
 * so the figures are the portal's own cost; a real carrier's time adds to the carrier calls.
 */
async function startSimulator(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SIMULATOR_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SIM_HOST: '127.0.0.1',
      SIM_PORT: String(port),
      SIM_LATENCY_MS: process.env.BENCH_SIM_LATENCY_MS ?? '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) throw new Error('the simulator exited: run `npm run build -w @portal/carrier-sim`');
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await delay(100);
  }
  throw new Error('the carrier simulator did not start');
}

async function signIn(baseUrl: string, userName: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: userName, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });
  if (!login.ok) throw new Error(`login as ${userName} failed: ${login.status} ${await login.text()}`);
  const main = ((await login.json()) as { token: { access_token: string } }).token.access_token;
  const dash = await fetch(`${baseUrl}/api/login/dash`, {
    method: 'POST',
    headers: { authorization: `Bearer ${main}` },
  });
  if (!dash.ok) throw new Error(`dash login failed: ${dash.status} ${await dash.text()}`);
  const dashToken = ((await dash.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  return { authorization: `Bearer ${main}`, 'dash-authorization': `Bearer ${dashToken}` };
}

/**
 * The calls the mobile device page makes (spec 2.14) for a Halo line of the largest company of the large data set,
 * each under concurrent load, against the built server and simulator:
 * `npm run build -w @portal/server -w @portal/carrier-sim && DATABASE_URL=postgres://… npm run bench -- device-page`.
 * Words after the name keep only the loads whose name contains one of them (`… device-page mobileHalo`).
 */
export async function run(args: string[] = []): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(
      'Set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL database loaded by `npm run seed:large`.',
    );
  }
  const subject = await findSubject(databaseUrl);
  const simulator = await startSimulator();
  // The worker is off: this server only reads, and must not send another server's queued requests.
  const portal = await startPortal({
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    CARRIER_SIM_URL: simulator.url,
    CARRIER_WORKER: 'off',
  });
  try {
    const headers = await signIn(portal.baseUrl, subject.userName);
    const api = (pathAndQuery: string) => `${portal.baseUrl}${pathAndQuery}`;
    const { endpointId, cli, orderItemId } = subject;
    console.log(`${subject.companyName}, signed in as ${subject.userName}; line ${cli} (endpoint ${endpointId})`);
    const baseline = 'baseline: GET /api/profiles/myFunctionality';
    const byIdentifier = new URLSearchParams({ $filter: `identifier eq '${cli}'`, $top: '1' });
    const loads: Array<[string, string]> = [
      [baseline, api('/api/profiles/myFunctionality')],
      ['endpoint by identifier', api(`/api/endpoints?${byIdentifier}`)],
      ['contract by cli', api(`/api/contracts/cli/${cli}`)],
      ['mobileHalo details', api(`/api/mobileHalo/${endpointId}`)],
      ['SpendLimit status', api(`/api/mobileHalo/SpendLimit/${endpointId}/status`)],
      ['TariffAddons (bars)', api(`/api/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${orderItemId}`)],
      ['events', api(`/api/orders/orderItems/${orderItemId}/events?$top=10&$count=true`)],
      ['pending', api(`/api/orders/pending/${cli}/${orderItemId}`)],
      ['monthlyUsage', api(`/api/endpoints/${endpointId}/monthlyUsage`)],
    ];
    const chosen = loads.filter(
      ([name]) => name === baseline || args.length === 0 || args.some((word) => name.includes(word)),
    );
    const figures: Figures[] = [];
    for (const [name, url] of chosen) {
      // One call first, so a failing URL stops the run instead of timing 10 s of errors.
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      await measure(name, { url, headers }, 2); // warm-up: connections, plans and caches, not counted
      figures.push(await measure(name, { url, headers }));
    }
    console.log(
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s each; latency in ms; simulator base latency ` +
        `${process.env.BENCH_SIM_LATENCY_MS ?? '0'} ms`,
    );
    console.table(figures);
    const failed = figures.filter((f) => f.name !== baseline && (f.p95 >= P95_TARGET_MS || f.non2xx > 0));
    console.log(
      failed.length === 0
        ? `PASS: every p95 under ${P95_TARGET_MS} ms with no errors`
        : `FAIL: ${failed.map((f) => `${f.name} (p95 ${f.p95} ms, ${f.non2xx} errors)`).join('; ')}`,
    );
  } finally {
    await portal.stop();
    simulator.child.kill('SIGTERM');
    await once(simulator.child, 'exit');
  }
}
