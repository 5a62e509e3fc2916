import { signInWithDash } from './load.js';
import { type RunningPortal, startPortal } from './portal-server.js';

/** One statement the server ran, with its parameters, as its trace log has it (SLOW_QUERY_MS, LOG_LEVEL=trace). */
export type Statement = { sql: string; parameters: unknown[]; ms: number };

/** The session settings the server's pool connects with (apps/server/src/db/connection.ts), for replaying its SQL. */
export const SERVER_SESSION_OPTIONS = '-c jit=off -c random_page_cost=1.1';

/** The statement that reads the signed-in caller (principal.ts): the API's own cost, not the call's data. */
export const isCallerRead = (statement: Statement) => statement.sql.includes('session_ends_at');

/**
 * The statements the server ran for each call (name, path), signed in as `userName`, from the built server on the
 * database at `url` tracing every statement. Each call is made twice and the second one read, so caches the first
 * call fills (prepared plans, the signing key) do not show.
 */
export async function tracedStatements(
  url: string,
  userName: string,
  calls: ReadonlyArray<readonly [string, string]>,
): Promise<Map<string, Statement[]>> {
  const statements = new Map<string, Statement[]>();
  // Nothing in the background (the carrier worker's polling, the upload sweep) may write statements in between.
  const portal = await startPortal(
    { DATABASE_URL: url, SEED: 'none', LOG_LEVEL: 'trace', CARRIER_WORKER: 'off', UPLOAD_SWEEP: 'off' },
    { echo: false },
  );
  try {
    const headers = await signInWithDash(portal.baseUrl, userName);
    let made = 0;
    const call = async (name: string, path: string) => {
      made += 1;
      const requestId = `bench-trace-${made}`;
      const response = await fetch(`${portal.baseUrl}${path}`, { headers: { ...headers, 'x-request-id': requestId } });
      if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      return completionOf(portal, requestId);
    };
    for (const [name, path] of calls) {
      const from = await call(name, path);
      const to = await call(name, path);
      statements.set(
        name,
        portal
          .output()
          .slice(from, to)
          .split('\n')
          .filter((line) => line.includes('"msg":"query"'))
          .map((line) => JSON.parse(line) as Statement),
      );
    }
  } finally {
    await portal.stop();
  }
  return statements;
}

/** Where the log line that ends the request ends, once it is written. */
async function completionOf(portal: RunningPortal, requestId: string): Promise<number> {
  for (;;) {
    const output = portal.output();
    const at = output.search(new RegExp(`"requestId":"${requestId}"[^\\n]*"msg":"request completed"`));
    if (at >= 0) return output.indexOf('\n', at) + 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
