import autocannon from 'autocannon';

/** The published password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo-Portal-2026!';
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export type Figures = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
};

/** Runs one load and takes the percentiles from every response's own time, not from a coarse histogram. */
export async function measure(name: string, options: autocannon.Options, seconds = DURATION_SECONDS): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ duration: seconds, connections: CONNECTIONS, ...options }, (error, done) =>
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

/** Signs in as a demo account, with the dash token the analytics calls also need (spec 7): request headers. */
export async function signInWithDash(baseUrl: string, username: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });
  if (!login.ok) throw new Error(`login as ${username} failed: ${login.status} ${await login.text()}`);
  const main = ((await login.json()) as { token: { access_token: string } }).token.access_token;
  const dash = await fetch(`${baseUrl}/api/login/dash`, {
    method: 'POST',
    headers: { authorization: `Bearer ${main}` },
  });
  if (!dash.ok) throw new Error(`dash login failed: ${dash.status} ${await dash.text()}`);
  const dashToken = ((await dash.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
  return { authorization: `Bearer ${main}`, 'dash-authorization': `Bearer ${dashToken}` };
}

/** The last line of a load benchmark: PASS when every judged load's p95 is under the target with no errors. */
export function verdict(figures: Figures[], p95TargetMs: number): string {
  const failed = figures.filter((f) => f.p95 >= p95TargetMs || f.non2xx > 0);
  return failed.length === 0
    ? `PASS: every p95 under ${p95TargetMs} ms with no errors`
    : `FAIL: ${failed.map((f) => `${f.name} (p95 ${f.p95} ms, ${f.non2xx} errors)`).join('; ')}`;
}
