import pg from 'pg';
import { findInLargestCompany, largeDataSetUrl } from './large-data-set.js';
import { isCallerRead, SERVER_SESSION_OPTIONS, tracedStatements } from './traced-statements.js';

/**
 * The `EXPLAIN (ANALYZE, BUFFERS)` plan of every statement the server runs for each API path given, signed in as
 * the administrator of the largest company of the large data set:
 * `npm run build -w @portal/server && BENCH_DATABASE_URL=… npm run bench -- explain '/api/users?$top=20&$count=true'`.
 * For docs/performance/: the plans of the slowest calls before and after a change.
 */
export async function run(paths: string[]): Promise<void> {
  if (paths.length === 0) {
    console.error('Usage: BENCH_DATABASE_URL=… npm run bench -- explain <API path with query>…');
    process.exitCode = 2;
    return;
  }
  const url = largeDataSetUrl();
  if (!url) return;
  const subject = await findInLargestCompany<object>(url, 'true AS found', '');
  console.log(`${subject.companyName}, signed in as ${subject.userName}\n`);
  const traced = await tracedStatements(
    url,
    subject.userName,
    paths.map((path) => [path, path] as const),
  );
  const client = new pg.Client({ connectionString: url, options: SERVER_SESSION_OPTIONS });
  await client.connect();
  try {
    for (const [path, statements] of traced) {
      console.log(`## GET ${path}\n`);
      for (const statement of statements.filter((s) => !isCallerRead(s))) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
          statement.parameters,
        );
        console.log('```sql');
        console.log(statement.sql);
        console.log(`-- parameters: ${JSON.stringify(statement.parameters)}`);
        console.log('```\n```');
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        console.log('```\n');
      }
    }
  } finally {
    await client.end();
  }
}
