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
