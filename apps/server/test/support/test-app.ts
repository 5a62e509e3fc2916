import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** A fresh in-memory PGlite database with the current schema and no demo data. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(handle.db);
  return handle;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', SEED: 'none', LOG_LEVEL: 'silent', ...env });
}

/** The app in-process over the given database, not yet ready, so a test may still add routes to it. */
export function buildTestApp(database: DatabaseHandle, env: Record<string, string> = {}) {
  return buildApp(testConfig(env), { database });
}
