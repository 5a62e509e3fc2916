import { findInLargestCompany } from './large-data-set.js';
import { CONNECTIONS, DURATION_SECONDS, type Figures, measure, signInWithDash } from './load.js';
import { startPortal } from './portal-server.js';

const WARM_UP_SECONDS = 2;
const P95_TARGET_MS = 50;

type Subject = { siteId: number; siteMobiles: number };

/** Its site with the most mobile devices. */
function findSubject(url: string) {
  return findInLargestCompany<Subject>(
    url,
    's.id AS "siteId", s.mobiles AS "siteMobiles"',
    `JOIN LATERAL (
      SELECT e.site_id AS id, count(*)::int AS mobiles FROM endpoints e
      WHERE e.company_id = l.company_id AND e.endpoint_type_id = 1 AND e.site_id IS NOT NULL
      GROUP BY e.site_id ORDER BY 2 DESC, 1 LIMIT 1
    ) s ON true`,
  );
}

/**
 * The dashboard's monthly usage widget and a site's monthly usage for the largest company of the large data set,
 * on PostgreSQL, against the built server: `npm run build -w @portal/server && BENCH_DATABASE_URL=… npm run bench
 * -- usage`. Prints p50/p95/p99 and requests per second, then PASS or FAIL against a p95 of 50 ms.
 */
export async function run(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database holding the large data set, e.g.\n' +
        '  createdb -h 127.0.0.1 -U postgres portal_large\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_large npm run seed:large\n' +
        '  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_large npm run bench -- usage',
    );
    process.exitCode = 2;
    return;
  }
  const subject = await findSubject(url);
  console.log(
    `${subject.companyName}: ${subject.endpoints.toLocaleString('en-GB')} endpoints, signed in as ` +
      `${subject.userName}; site ${subject.siteId} has ${subject.siteMobiles} mobile devices`,
  );
  // The server migrates the database when it starts, so a data set loaded before the newest migration gets it.
  const portal = await startPortal({ DATABASE_URL: url, SEED: 'none' });
  try {
    const headers = await signInWithDash(portal.baseUrl, subject.userName);
    const targets = [
      { name: 'GET /api/users/monthlyUsage', url: `${portal.baseUrl}/api/users/monthlyUsage`, judged: true },
      {
        name: `GET /api/sites/${subject.siteId}/monthlyUsage`,
        url: `${portal.baseUrl}/api/sites/${subject.siteId}/monthlyUsage`,
        judged: true,
      },
      // What any signed-in call costs here (token checks, reading the caller, one small query), to read the above by.
      {
        name: 'baseline: GET /api/profiles/myFunctionality',
        url: `${portal.baseUrl}/api/profiles/myFunctionality`,
        judged: false,
      },
    ];
    // A short unmeasured run of every call first: a cold cache and code not yet optimised by the JIT are not what
    // users see in steady use, and should not count against whichever call happens to be measured first.
    for (const target of targets) {
      const check = await fetch(target.url, { headers });
      if (!check.ok) throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
      await measure(target.name, { url: target.url, headers }, WARM_UP_SECONDS);
    }
    const figures: Array<Figures & { judged: boolean }> = [];
    for (const target of targets) {
      figures.push({ ...(await measure(target.name, { url: target.url, headers })), judged: target.judged });
      // Let the requests autocannon left in flight finish before the next load or the server's stop.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up of each; ms`,
    );
    console.table(figures.map(({ judged: _, ...f }) => f));
    for (const f of figures.filter((f) => f.judged)) {
      const pass = f.p95 < P95_TARGET_MS && f.non2xx === 0;
      console.log(
        `${pass ? 'PASS' : 'FAIL'}  ${f.name}: p95 ${f.p95} ms (target < ${P95_TARGET_MS} ms)` +
          (f.non2xx > 0 ? `, ${f.non2xx} non-2xx answers` : ''),
      );
    }
  } finally {
    await portal.stop();
  }
}
