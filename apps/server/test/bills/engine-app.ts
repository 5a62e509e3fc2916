import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { buildTestApp } from '../support/test-app.js';
import type { TestDatabase, TestEngine } from '../support/test-databases.js';

/**
 * Like useTestApp / useDemoApp, on the given engine: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (see testEngines), so the bill queries and the file upsert are tried on both. Call inside describe.each.
 */
export function useEngineApp(engine: TestEngine, options: { demoData: boolean; env?: () => Record<string, string> }) {
  const state: { app?: App; database?: TestDatabase } = {};
  beforeAll(async () => {
    state.database = await engine.create(options.demoData ? 'demo data' : 'migrated');
    state.app = await buildTestApp(state.database.handle, options.env?.() ?? {});
  });
  afterAll(async () => {
    await state.app?.close();
    await state.database?.dispose();
  });
  return {
    get app(): App {
      if (!state.app) throw new Error('the app is built in beforeAll');
      return state.app;
    },
    get database(): DatabaseHandle {
      if (!state.database) throw new Error('the database is opened in beforeAll');
      return state.database.handle;
    },
  };
}
