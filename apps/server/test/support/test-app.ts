import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
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

/**
 * One app over a fresh migrated database for a whole test file: built before the first test, closed after the
 * last. Read `app` and `database` inside tests (they exist only once beforeAll has run).
 */
export function useTestApp(env: Record<string, string> = {}) {
  const state: { app?: App; database?: DatabaseHandle } = {};
  beforeAll(async () => {
    state.database = await openTestDatabase();
    state.app = await buildTestApp(state.database, env);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
  });
  return {
    get app(): App {
      if (!state.app) throw new Error('useTestApp: the app is built in beforeAll');
      return state.app;
    },
    get database(): DatabaseHandle {
      if (!state.database) throw new Error('useTestApp: the database is opened in beforeAll');
      return state.database;
    },
  };
}
