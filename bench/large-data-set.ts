import pg from 'pg';

/**
 * The database holding the large data set (BENCH_DATABASE_URL, or DATABASE_URL as `npm run seed:large` takes it);
 * without one, says how to get one and sets exit code 2.
 */
export function largeDataSetUrl(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Set BENCH_DATABASE_URL to a PostgreSQL database holding the large data set (bench/README.md).');
    process.exitCode = 2;
  }
  return url;
}

/** What every large-data-set benchmark measures for: the company with the most endpoints and its administrator. */
export type LargestCompany = { userName: string; companyName: string; companyId: number; endpoints: number };

/**
 * The worst case the large data set holds, plus what a benchmark adds: `more` is SQL whose `LATERAL` joins may
 * read `l.company_id` and name the extra columns in `columns` (e.g. `s.id AS "siteId"`).
 */
export async function findInLargestCompany<T extends object>(
  databaseUrl: string,
  columns: string,
  more: string,
): Promise<LargestCompany & T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const marker = await client.query<{ size: string }>('SELECT size FROM demo_data');
    if (marker.rows[0]?.size !== 'large') {
      throw new Error('this database does not hold the large data set: run `npm run seed:large` into it first');
    }
    const { rows } = await client.query<LargestCompany & T>(`
      WITH largest AS (
        SELECT company_id, count(*)::int AS endpoints FROM endpoints GROUP BY company_id ORDER BY 2 DESC LIMIT 1
      )
      SELECT u.user_name AS "userName", c.name AS "companyName", l.company_id AS "companyId", l.endpoints, ${columns}
      FROM largest l
      JOIN companies c ON c.id = l.company_id
      JOIN LATERAL (
        SELECT u.user_name FROM user_companies uc JOIN users u ON u.id = uc.user_id
        JOIN profiles p ON p.id = u.profile_id
        WHERE uc.company_id = l.company_id AND p.name = 'Company Administrator' ORDER BY u.id LIMIT 1
      ) u ON true
      ${more}`);
    const subject = rows[0];
    if (!subject) throw new Error('the largest company has no administrator or lacks what this benchmark needs');
    return subject;
  } finally {
    await client.end();
  }
}

/** A national number as a person writes it: '07104537474' as '+44 7104 537474'. */
export function international(cli: string): string {
  return `+44 ${cli.slice(1, 5)} ${cli.slice(5)}`;
}
