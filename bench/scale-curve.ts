import pg from 'pg';
import { international, largeDataSetUrl } from './large-data-set.js';
import { CONNECTIONS, type Figures, measure, signInWithDash } from './load.js';
import { startPortal } from './portal-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARM_UP_SECONDS = 1;
/** The Speed issue's sizes; the largest company of the data set (8,735 lines) is added to them. */
const SIZES = [1, 10, 100, 1_000];
/**
 * Linear growth is 10× per tenfold more lines; flat or logarithmic growth is far less. A call passes when no tenfold
 * step (or the last, smaller one) more than doubles its p95.
 */
const MAX_GROWTH_PER_DECADE = 2;

type Company = {
  companyId: number;
  companyName: string;
  endpoints: number;
  userName: string;
  town: string;
  cli: string;
  orderReference: string;
};

/**
 * For each size, the company whose count of lines is nearest to it (the large data set has companies of exactly
 * these sizes, seed/sizes.ts `scaleCurveSizes`), with its administrator and what a person would search for there.
 */
async function findCompanies(databaseUrl: string): Promise<Company[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Company>(
      `WITH sized AS (
         SELECT company_id, count(*)::int AS endpoints FROM endpoints GROUP BY company_id
       ), wanted AS (
         SELECT size FROM unnest($1::int[]) AS size
         UNION ALL SELECT max(endpoints) FROM sized
       )
       SELECT c.id AS "companyId", c.name AS "companyName", s.endpoints, u.user_name AS "userName", t.town, l.cli,
              o.reference AS "orderReference"
       FROM wanted w
       JOIN LATERAL (
         SELECT * FROM sized ORDER BY abs(ln(sized.endpoints) - ln(w.size)), company_id LIMIT 1
       ) s ON true
       JOIN companies c ON c.id = s.company_id
       JOIN LATERAL (
         SELECT u.user_name FROM user_companies uc JOIN users u ON u.id = uc.user_id
         JOIN profiles p ON p.id = u.profile_id
         WHERE uc.company_id = c.id AND p.name = 'Company Administrator' ORDER BY u.id LIMIT 1
       ) u ON true
       JOIN LATERAL (
         SELECT a.town FROM sites st JOIN addresses a ON a.id = st.address_id
         WHERE st.company_id = c.id ORDER BY st.id LIMIT 1
       ) t ON true
       JOIN LATERAL (
         SELECT identifier AS cli FROM endpoints WHERE company_id = c.id AND endpoint_type_id = 1 ORDER BY id LIMIT 1
       ) l ON true
       JOIN LATERAL (
         SELECT reference FROM orders WHERE company_id = c.id ORDER BY created_date DESC, id LIMIT 1
       ) o ON true
       ORDER BY s.endpoints`,
      [SIZES],
    );
    if (rows.length < 2) throw new Error('this database holds no large data set: run `npm run seed:large` into it');
    return rows;
  } finally {
    await client.end();
  }
}

const CALLS: Array<[string, (company: Company) => string]> = [
  ['device list (page of 20 with its count)', () => '/api/endpoints/mobileHandset/user?$top=20&$count=true'],
  ['search: a town', (c) => searchPath(c.town)],
  ['search: a number', (c) => searchPath(international(c.cli))],
  ['search: an order', (c) => searchPath(c.orderReference)],
];

function searchPath(term: string): string {
  return `/api/companies/search?${new URLSearchParams({ searchTerm: term, count: '5' })}`;
}

/** Each step's growth of p95 and whether it stays under MAX_GROWTH_PER_DECADE per tenfold more lines. */
function growthVerdict(call: string, points: Array<{ endpoints: number; p95: number }>): string {
  const steep = points.slice(1).flatMap((point, i) => {
    const before = points[i]!;
    const decades = Math.max(Math.log10(point.endpoints / before.endpoints), 1e-9);
    // A floor of 1 ms: sub-millisecond timings double on noise alone.
    const growth = Math.max(point.p95, 1) / Math.max(before.p95, 1);
    const allowed = MAX_GROWTH_PER_DECADE ** Math.max(decades, 1);
    return growth > allowed ? [`${before.endpoints} → ${point.endpoints} lines: ×${growth.toFixed(1)}`] : [];
  });
  return steep.length === 0
    ? `PASS ${call}: p95 grows at most ×${MAX_GROWTH_PER_DECADE} per tenfold more lines`
    : `FAIL ${call}: ${steep.join('; ')}`;
}

/**
 * The device list and search for companies of 1, 10, 100, 1,000 and 8,735 lines of the large data set, each as its
 * own administrator, against the built server on PostgreSQL: `npm run build -w @portal/server &&
 * BENCH_DATABASE_URL=… npm run bench -- scale-curve`. Prints p95 per size and call, then whether each call's growth
 * is flat or logarithmic rather than linear.
 */
export async function run(): Promise<void> {
  const url = largeDataSetUrl();
  if (!url) return;
  const companies = await findCompanies(url);
  const portal = await startPortal({ DATABASE_URL: url, SEED: 'none' });
  const results = new Map<string, Array<{ endpoints: number; p95: number }>>();
  const rows: Array<Figures & { lines: number; company: string }> = [];
  try {
    for (const company of companies) {
      const headers = await signInWithDash(portal.baseUrl, company.userName);
      for (const [call, pathOf] of CALLS) {
        const target = `${portal.baseUrl}${pathOf(company)}`;
        const check = await fetch(target, { headers });
        if (!check.ok) throw new Error(`${call} for ${company.companyName}: ${check.status} ${await check.text()}`);
        await measure(call, { url: target, headers }, WARM_UP_SECONDS);
        const figures = await measure(call, { url: target, headers }, SECONDS);
        rows.push({ lines: company.endpoints, company: company.companyName, ...figures });
        const points = results.get(call) ?? [];
        points.push({ endpoints: company.endpoints, p95: figures.p95 });
        results.set(call, points);
        console.error(`${company.endpoints} lines, ${call}: p95 ${figures.p95} ms`);
      }
    }
  } finally {
    await portal.stop();
  }
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per call after ${WARM_UP_SECONDS} s warm-up; latency in ms`);
  console.table(
    rows.map(({ lines, company, name, p50, p95, rps, non2xx }) => ({
      lines,
      company,
      call: name,
      p50,
      p95,
      rps,
      non2xx,
    })),
  );
  console.log('p95 by lines per company:');
  console.table(
    [...results].map(([call, points]) => ({
      call,
      // Named, not bare numbers: an object lists integer-like keys first, before `call`.
      ...Object.fromEntries(
        points.map((point) => [
          `${point.endpoints.toLocaleString('en-GB')} line${point.endpoints === 1 ? '' : 's'}`,
          point.p95,
        ]),
      ),
    })),
  );
  for (const [call, points] of results) console.log(growthVerdict(call, points));
  const errors = rows.filter((row) => row.non2xx > 0);
  if (errors.length > 0)
    console.log(`FAIL: errors in ${errors.map((row) => `${row.name} at ${row.lines} lines`).join(', ')}`);
}
