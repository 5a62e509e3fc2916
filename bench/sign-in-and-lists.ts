import autocannon from 'autocannon';
import { startPortal } from './portal-server.js';

const DEMO_PASSWORD = 'Demo-Portal-2026!';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Figures = { name: string; requests: number; rps: number; p50: number; p95: number; p99: number; non2xx: number };

/** Runs one load and takes the percentiles from every response's own time, not from a coarse histogram. */
async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ duration: DURATION_SECONDS, connections: CONNECTIONS, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0) * 10) / 10;
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
  };
}

/**
 * Sign-in and an OData list call under concurrent load on the small demo data, against the built server.
 * `npm run build && npm run bench -- sign-in-and-lists` (BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
export async function run(): Promise<void> {
  // BENCH_DATABASE_URL: an empty PostgreSQL database to measure on instead of the embedded one.
  const portal = await startPortal(
    process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  );
  try {
    const login = (username: string) =>
      fetch(`${portal.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
      });
    const session = (await (await login('acme.admin')).json()) as { token: { access_token: string } };
    const authorization = `Bearer ${session.token.access_token}`;
    const figures = [
      await measure('POST /api/login (argon2id verify)', {
        url: `${portal.baseUrl}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: 'acme.admin',
          password: DEMO_PASSWORD,
          cookiePolicyAccepted: 'true',
        }).toString(),
      }),
      await measure('GET /api/companies/search (5 per type)', {
        url: `${portal.baseUrl}/api/companies/search?searchTerm=leeds&count=5`,
        headers: { authorization },
      }),
      await measure('GET /api/companies (OData list, $count, $orderby, $top)', {
        url: `${portal.baseUrl}/api/companies?$count=true&$top=20&$orderby=name%20desc&$filter=contains(name,'ltd')`,
        headers: { authorization },
      }),
    ];
    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each; latency in ms`);
    console.table(figures);
  } finally {
    await portal.stop();
  }
}
