import pg from 'pg';

/** Prints each table's rows and size, largest first, so data growth between changes is visible in numbers. */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('Set DATABASE_URL to the PostgreSQL database to measure, e.g. one loaded by `npm run seed:large`.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      table: string;
      rows: string;
      table_size: string;
      index_size: string;
      total: string;
    }>(`
      SELECT c.relname AS table,
             (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text AS rows,
             pg_size_pretty(pg_table_size(c.oid)) AS table_size,
             pg_size_pretty(pg_indexes_size(c.oid)) AS index_size,
             pg_size_pretty(pg_total_relation_size(c.oid)) AS total
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      ORDER BY pg_total_relation_size(c.oid) DESC`);
    console.table(rows.map((r) => ({ ...r, rows: Number(r.rows).toLocaleString('en-GB') })));
    const total = await client.query<{ size: string }>(
      'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
    );
    console.log(`database size: ${total.rows[0]?.size}`);
  } finally {
    await client.end();
  }
}
