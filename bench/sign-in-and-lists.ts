import { CONNECTIONS, DEMO_PASSWORD, DURATION_SECONDS, measure } from './load.js';
import { startPortal } from './portal-server.js';

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
