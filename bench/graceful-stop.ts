import { CONNECTIONS, signInWithDash } from './load.js';
import { startPortal } from './portal-server.js';

/**
 * Stops the built server with SIGTERM while CONNECTIONS clients keep calling it, as a deployment does when it
 * replaces an instance under load. Each call ends one of four ways:
 * - answered: a 2xx;
 * - refused: the connection was never made (ECONNREFUSED), because the server had stopped listening; a load
 *   balancer sends such a call to another instance, and the call was never in the server's hands;
 * - turned away: a 503 (the server took the call and would not serve it);
 * - failed: any other error or 5xx, such as a connection reset with the call in flight.
 * PASS: no call turned away or failed, the process exits 0, and it logged no `driver has already been destroyed`.
 * `npm run build && npm run bench -- graceful-stop` (BENCH_CONNECTIONS; BENCH_DATABASE_URL for PostgreSQL).
 */
const LOAD_BEFORE_STOP_MS = 3_000;

type Outcome = 'answered' | 'refused' | 'turned away' | 'failed';

export async function run(): Promise<void> {
  const portal = await startPortal(
    process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
  );
  const headers = await signInWithDash(portal.baseUrl, 'acme.admin');
  const url = `${portal.baseUrl}/api/companies?$count=true&$top=20&$orderby=name`;
  const counts: Record<Outcome, number> = { answered: 0, refused: 0, 'turned away': 0, failed: 0 };
  const failures = new Map<string, number>();
  const noteFailure = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);

  const call = async (): Promise<Outcome> => {
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.ok) return 'answered';
      noteFailure(`HTTP ${response.status}`);
      return response.status === 503 ? 'turned away' : 'failed';
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      if (code === 'ECONNREFUSED') return 'refused';
      noteFailure(code);
      return 'failed';
    }
  };
  // Each client calls again as soon as it has its answer, until the server no longer listens.
  const client = async () => {
    for (let outcome: Outcome | undefined; outcome !== 'refused'; ) {
      outcome = await call();
      counts[outcome]++;
    }
  };

  const clients = Array.from({ length: CONNECTIONS }, client);
  await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_STOP_MS));
  const stopAsked = Date.now();
  const exitCode = await portal.stop();
  const stopMs = Date.now() - stopAsked;
  await Promise.all(clients);

  const destroyed = (portal.output().match(/driver has already been destroyed/g) ?? []).length;
  console.log(`${CONNECTIONS} clients calling GET /api/companies; SIGTERM after ${LOAD_BEFORE_STOP_MS} ms of load`);
  console.table([
    { figure: 'calls answered', value: counts.answered },
    { figure: 'clients refused at the end (not listening)', value: counts.refused },
    { figure: 'calls turned away (503)', value: counts['turned away'] },
    { figure: 'calls failed', value: counts.failed },
    { figure: 'stop took (ms)', value: stopMs },
    { figure: 'exit code', value: exitCode },
    { figure: '"driver has already been destroyed" logged', value: destroyed },
  ]);
  if (failures.size > 0) console.log('what the failed and turned-away calls got:', Object.fromEntries(failures));
  const problems = [
    counts['turned away'] > 0 && `${counts['turned away']} turned away`,
    counts.failed > 0 && `${counts.failed} failed`,
    exitCode !== 0 && `exit code ${exitCode}`,
    destroyed > 0 && `${destroyed} "driver has already been destroyed"`,
  ].filter(Boolean);
  console.log(
    problems.length === 0
      ? 'PASS: every call the server took was answered, and it exited 0 with the database closed last'
      : `FAIL: ${problems.join(', ')}`,
  );
}
