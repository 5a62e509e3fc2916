import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { type DatabaseHandle, openDatabase, type QueryListener } from './connection.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite database on disk under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onQuery?: QueryListener,
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, onQuery })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata'), onQuery });
}

/**
 * Statements slower than SLOW_QUERY_MS are logged as warnings, with their SQL but not their parameters (which may
 * hold what a customer typed); at LOG_LEVEL=trace every statement is, parameters included, for an operator tracing
 * one call (and the overhead benchmark, which replays them).
 */
export function queryLog(log: FastifyBaseLogger, slowQueryMs: number): QueryListener {
  const tracing = log.level === 'trace';
  return ({ sql, parameters, ms }) => {
    if (tracing) log.trace({ sql, parameters, ms }, 'query');
    else if (ms >= slowQueryMs) log.warn({ sql, ms: Math.round(ms) }, 'slow query');
  };
}
