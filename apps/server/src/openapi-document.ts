import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';

/** The committed copy of the OpenAPI document; a test fails when it no longer matches the routes. */
export const COMMITTED_OPENAPI_PATH = new URL('../openapi.json', import.meta.url);

/** The OpenAPI document as the routes declare it, rendered as the committed file holds it. */
export async function renderOpenApiDocument(): Promise<string> {
  // Routes register without touching the database, so an empty in-memory one is enough.
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      SEED: 'none',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'openapi-rendering-only-secret-32-chars',
      ENCRYPTION_KEY: 'openapi-rendering-only-key-of-32-chars',
      // An empty database knows no upload: nothing to sweep in whatever folder the default settings name.
      UPLOAD_SWEEP: 'off',
      // Nor any work beside the requests: the empty database has none of their tables.
      CARRIER_WORKER: 'off',
      EMAIL_SENDER: 'off',
      SCHEDULER: 'off',
    }),
    { database },
  );
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
