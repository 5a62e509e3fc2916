import { sql } from 'kysely';
import { loadConfig } from '../../config.js';
import { openConfiguredDatabase } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { loadDemoData } from './load.js';
import { resetDemoData } from './reset.js';
import type { SeedSize } from './sizes.js';

// `npm run seed -- small|large [--reset]`: loads demo data into the configured database (DATABASE_URL or DATA_DIR).
const args = process.argv.slice(2);
const size = (args.find((a) => !a.startsWith('--')) ?? 'small') as SeedSize;
if (size !== 'small' && size !== 'large') {
  console.error(`Unknown size '${size}': use small or large.`);
  process.exit(2);
}

const config = loadConfig();
const handle = await openConfiguredDatabase(config);
try {
  console.log(
    `Loading ${size} demo data into ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${config.dataDir}`}`,
  );
  await migrateToLatest(handle.db);
  if (args.includes('--reset')) await resetDemoData(handle);
  const report = await loadDemoData(handle, {
    size,
    onProgress: (step, rows, ms) =>
      console.log(
        `${(ms / 1000).toFixed(1).padStart(7)} s  ${step}${rows ? `: ${rows.toLocaleString('en-GB')} rows` : ''}`,
      ),
  });
  console.log(`Loaded in ${(report.elapsedMs / 1000).toFixed(1)} s`);
  const counts = await sql<{ table: string; rows: number }>`
    SELECT 'companies' AS table, count(*)::int AS rows FROM companies
    UNION ALL SELECT 'endpoints', count(*)::int FROM endpoints
    UNION ALL SELECT 'users', count(*)::int FROM users
    UNION ALL SELECT 'invoices', count(*)::int FROM invoices
    UNION ALL SELECT 'invoice months', count(DISTINCT period_start)::int FROM invoices
    UNION ALL SELECT 'usage_monthly', count(*)::int FROM usage_monthly
    UNION ALL SELECT 'call_detail_records', count(*)::int FROM call_detail_records`.execute(handle.db);
  console.table(counts.rows);
} finally {
  await handle.close();
}
