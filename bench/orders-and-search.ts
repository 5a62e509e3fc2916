import pg from 'pg';
import { international } from './large-data-set.js';
import { CONNECTIONS, DEMO_PASSWORD, DURATION_SECONDS, type Figures, measure, verdict } from './load.js';
import { startPortal } from './portal-server.js';

/** The target: p95 under this many milliseconds at CONNECTIONS concurrent requests. */
const P95_TARGET_MS = 100;

type Subject = { userName: string; companyName: string; town: string; cli: string; orderReference: string };

/**
 * The worst case the large data set holds: the administrator of the company with the most lines, and search
 * terms a person would type about it (a town its sites are in, one of its numbers written +44 with spaces, one of
 * its order references).
 */
async function findSubject(databaseUrl: string): Promise<Subject> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Subject>(`
      WITH largest AS (
        SELECT company_id FROM endpoints GROUP BY company_id ORDER BY count(*) DESC, company_id LIMIT 1
      )
      SELECT
        (SELECT u.user_name FROM users u JOIN user_companies uc ON uc.user_id = u.id
           JOIN profiles p ON p.id = u.profile_id
         WHERE uc.company_id = l.company_id AND p.name = 'Company Administrator' ORDER BY u.id LIMIT 1) AS "userName",
        (SELECT name FROM companies WHERE id = l.company_id) AS "companyName",
        (SELECT a.town FROM sites s JOIN addresses a ON a.id = s.address_id
         WHERE s.company_id = l.company_id ORDER BY s.id LIMIT 1) AS town,
        (SELECT identifier FROM endpoints WHERE company_id = l.company_id AND endpoint_type_id = 1
         ORDER BY id DESC LIMIT 1) AS cli,
        (SELECT reference FROM orders WHERE company_id = l.company_id AND order_type = 'mobile'
         ORDER BY created_date DESC LIMIT 1) AS "orderReference"
      FROM largest l`);
    const subject = rows[0];
    if (!subject?.userName || !subject.cli || !subject.orderReference) {
      throw new Error('DATABASE_URL holds no large data set: load one with `npm run seed:large`');
    }
    return subject;
  } finally {
    await client.end();
  }
}

/**
 * Global search and the order lists under concurrent load on the large data set in PostgreSQL, against the built
 * server: `npm run build -w @portal/server && DATABASE_URL=postgres://… npm run bench -- orders-and-search`.
 * Words after the name keep only the loads whose name contains one of them (`… orders-and-search search`).
 */
export async function run(args: string[] = []): Promise<void> {
  // BENCH_DATABASE_URL as the other load benchmarks take it, or DATABASE_URL as `npm run seed:large` does.
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(
      'Set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL database loaded by `npm run seed:large`.',
    );
  }
  const subject = await findSubject(databaseUrl);
  const portal = await startPortal({ DATABASE_URL: databaseUrl, SEED: 'none' });
  try {
    const login = await fetch(`${portal.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: subject.userName, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
    });
    if (!login.ok) throw new Error(`login as ${subject.userName} failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: { access_token: string } };
    const headers = { authorization: `Bearer ${token.access_token}` };
    const search = (term: string) =>
      `${portal.baseUrl}/api/companies/search?${new URLSearchParams({ searchTerm: term, count: '5' })}`;

    console.log(`${subject.companyName}, signed in as ${subject.userName}`);
    // The baseline is any signed-in call's cost on this machine (token, caller, one small query): read the others
    // against it. It has no target.
    const baseline = 'baseline: GET /api/profiles/myFunctionality';
    const loads: Array<[string, string]> = [
      [baseline, `${portal.baseUrl}/api/profiles/myFunctionality`],
      [`search a town: '${subject.town}'`, search(subject.town)],
      [`search a number: '${international(subject.cli)}'`, search(international(subject.cli))],
      [`search an order: '${subject.orderReference}'`, search(subject.orderReference)],
      ['GET /api/orders/mobile?$top=20&$count=true', `${portal.baseUrl}/api/orders/mobile?$top=20&$count=true`],
      ['GET /api/orders/broadband?$top=20&$count=true', `${portal.baseUrl}/api/orders/broadband?$top=20&$count=true`],
    ];
    const figures: Figures[] = [];
    const chosen = loads.filter(
      ([name]) => name === baseline || args.length === 0 || args.some((word) => name.includes(word)),
    );
    for (const [name, url] of chosen) {
      // One call first, so a failing URL stops the run instead of timing 10 s of errors.
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
      await measure(name, { url, headers }, 2); // warm-up: connections, plans and caches, not counted
      figures.push(await measure(name, { url, headers }));
    }
    console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each; latency in ms`);
    console.table(figures);
    console.log(
      verdict(
        figures.filter((f) => f.name !== baseline),
        P95_TARGET_MS,
      ),
    );
  } finally {
    await portal.stop();
  }
}
