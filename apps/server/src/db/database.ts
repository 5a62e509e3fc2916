import path from 'node:path';
import type { Config } from '../config.js';
import { type DatabaseHandle, openDatabase } from './connection.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database on disk under DATA_DIR. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') });
}
