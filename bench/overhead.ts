import pg from 'pg';
import { findInLargestCompany, largeDataSetUrl } from './large-data-set.js';
import { CONNECTIONS, DURATION_SECONDS, measure, signInWithDash } from './load.js';
import { startPortal } from './portal-server.js';
import { isCallerRead, SERVER_SESSION_OPTIONS, type Statement, tracedStatements } from './traced-statements.js';

/** The API should serve at least this share of the rate the database gives the same statements. */
const RATIO_TARGET = 0.5;

type Subject = { orderItemId: number; cli: string };

function findSubject(url: string) {
  return findInLargestCompany<Subject>(
    url,
    'oi.id AS "orderItemId", e.identifier AS cli',
    `JOIN LATERAL (
      SELECT e.id, e.identifier FROM endpoints e
      WHERE e.company_id = l.company_id AND e.endpoint_type_id = 1 ORDER BY e.id DESC LIMIT 1
    ) e ON true
    JOIN LATERAL (SELECT oi.id FROM order_items oi WHERE oi.endpoint_id = e.id ORDER BY oi.id LIMIT 1) oi ON true`,
  );
}

/** How many times a second CONNECTIONS clients get the statements done, one after another, straight through pg. */
async function databaseRate(url: string, statements: Statement[], seconds: number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: url, options: SERVER_SESSION_OPTIONS });
      await client.connect();
      return client;
    }),
  );
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        for (const { sql, parameters } of statements) await client.query(sql, parameters);
        done += 1;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return done / seconds;
}

/**
 * Five representative calls through the API next to their own SQL run straight through pg at the same
 * concurrency, in one run: `npm run build -w @portal/server && BENCH_DATABASE_URL=… npm run bench -- overhead`. The
 * statements are those the server logged for the call (LOG_LEVEL=trace), less its read of the caller, which is the
 * API's own cost; PASS when the API's rate is at least half the database's for each.
 */
export async function run(): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const subject = await findSubject(url);
  console.log(`${subject.companyName}, signed in as ${subject.userName}`);
  const calls: Array<[string, string]> = [
    ['myFunctionality', '/api/profiles/myFunctionality'],
    ['an invoice page', `/api/invoices?${new URLSearchParams({ $top: '13', $count: 'true' })}`],
    ['a device list page', `/api/endpoints/mobileHandset/user?${new URLSearchParams({ $top: '20', $count: 'true' })}`],
    [
      "a device page's events",
      `/api/orders/orderItems/${subject.orderItemId}/events?${new URLSearchParams({ $top: '20', $count: 'true' })}`,
    ],
    ['search a number', `/api/companies/search?${new URLSearchParams({ searchTerm: subject.cli, count: '5' })}`],
  ];

  // First the statements of each call, from a server tracing them; then the load on a server that does not.
  const statements = await tracedStatements(url, subject.userName, calls);

  const portal = await startPortal({ DATABASE_URL: url, SEED: 'none' });
  const rows = [];
  try {
    const headers = await signInWithDash(portal.baseUrl, subject.userName);
    for (const [name, path] of calls) {
      const all = statements.get(name) ?? [];
      const own = all.filter((statement) => !isCallerRead(statement));
      await measure(name, { url: `${portal.baseUrl}${path}`, headers }, 2);
      const api = await measure(name, { url: `${portal.baseUrl}${path}`, headers });
      await databaseRate(url, own, 2);
      const database = await databaseRate(url, own, DURATION_SECONDS);
      const ratio = api.rps / database;
      rows.push({
        call: name,
        statements: `${own.length} (+${all.length - own.length} caller)`,
        'API rps': api.rps,
        'API p95 ms': api.p95,
        'pg rps': Math.round(database),
        ratio: `${Math.round(ratio * 100)}%`,
        verdict: ratio >= RATIO_TARGET && api.non2xx === 0 ? 'PASS' : 'FAIL',
      });
    }
  } finally {
    await portal.stop();
  }
  console.log(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each for the API and for pg`);
  console.table(rows);
  const failed = rows.filter((row) => row.verdict === 'FAIL');
  console.log(
    failed.length === 0
      ? `PASS: every call at least ${RATIO_TARGET * 100}% of the database's own rate`
      : `FAIL: ${failed.map((row) => `${row.call} (${row.ratio})`).join('; ')}`,
  );
}
