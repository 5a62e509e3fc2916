import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** One handle over either engine: Kysely for queries, plus the bulk path the seeders need. */
export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Streams rows into a table with COPY (CSV), which both engines support and which keeps large loads fast.
   * Meant for bulk loads of trusted data only: the session runs with portal.bulk_load on, so audit and
   * derived-column triggers skip these rows (the loader derives those itself).
   */
  copyRows(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number>;
  /**
   * Calls `onNotice` with each payload NOTIFY sends on `channel` from now on, until the answer's stop is called.
   * `onLost` is called if the subscription ends on its own (PostgreSQL: its connection closed): notices sent after
   * that are missed, and a new `listen` is needed.
   */
  listen(channel: string, onNotice: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as an uncompressed tarball, which openDatabase's loadDataDir starts from. */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the pool's clients now (all open, idle) and the queries waiting for one, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type CopyValue = string | number | boolean | null | Date;

/** Told of every statement once it finished (or failed): its SQL, parameters and time. */
export type QueryListener = (query: { sql: string; parameters: readonly unknown[]; ms: number }) => void;

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | undefined /* undefined: in memory */;
      /** A dump of a data directory (PGlite's dumpDataDir) to start from instead of a new, empty database. */
      loadDataDir?: Blob;
    }
) & { onQuery?: QueryListener | undefined };

// OIDs: int8 and numeric as numbers (sums of bytes and money stay well inside 2^53), dates stay 'YYYY-MM-DD'
// strings so no time zone can shift a bill date.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const parseNumber = (value: string) => Number(value);
const keepString = (value: string) => value;

// The portal's statements are short look-ups over data PostgreSQL keeps in memory (decision 0185):
// - JIT compiling pays off for long analytical queries only; on the large data set an estate check's cost estimate
//   crossed jit_above_cost, and compiling took 42 ms of a 20 ms query;
// - random_page_cost 1.1 instead of 4 (PostgreSQL's guidance for SSDs and cached data): at 4 the planner read all
//   70,000 endpoints to find a team's 586 rather than look each up.
// Settings in DATABASE_URL's own `options` parameter are replaced by these.
const SESSION_OPTIONS = '-c jit=off -c random_page_cost=1.1';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10, options.onQuery)
    : openPglite(options.dataDir, options.loadDataDir, options.onQuery);
}

function kyselyLog(onQuery: QueryListener | undefined) {
  if (!onQuery) return undefined;
  return (event: LogEvent) =>
    onQuery({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  onQuery: QueryListener | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  // One options object: PGlite drops a second argument when the data directory is undefined (in memory).
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // Search's indexes (migrations 0005, 0019) need pg_trgm and btree_gin, which PGlite only has when loaded here.
    extensions: { pg_trgm, btree_gin },
    parsers: { [INT8]: parseNumber, [NUMERIC]: parseNumber, [DATE]: keepString },
  });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), log: kyselyLog(onQuery) });
  return {
    db,
    kind: 'pglite',
    async copyRows(table, columns, rows) {
      let count = 0;
      await client.query(BULK_LOAD_ON);
      try {
        for (const chunk of csvChunks(rows)) {
          await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
            blob: new Blob([chunk.text]),
          });
          count += chunk.rows;
        }
      } finally {
        await client.query(BULK_LOAD_OFF);
      }
      return count;
    },
    async dumpDataDir() {
      // Written-back data files, so that a database started from the dump has (almost) no WAL to replay.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    async listen(channel, onNotice) {
      // An embedded database lives in this process: its subscription cannot be lost on its own.
      const stop = await client.listen(channel, onNotice);
      return () => stop();
    },
    async close() {
      await db.destroy();
      // Kysely's destroy does nothing before a first query, which would leave this PGlite open.
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onQuery: QueryListener | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: SESSION_OPTIONS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return parseNumber;
        if (oid === DATE) return keepString;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is replaced by the pool
  // on next use; without a listener pg would raise it as an uncaught exception and stop the process.
  pool.on('error', (error) => {
    process.emitWarning(`An idle PostgreSQL connection was closed: ${error.message}`, { code: 'PORTAL_PG_IDLE' });
  });
  // The pool listens to a connection only while it is idle. One closed while a request holds it (the same restart
  // under load) reaches that request's query as an error (a 503, db/unavailable.ts) and is also emitted on the
  // connection, where, unheard, it would stop the process: this listener hears it, and the pool drops the connection
  // when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: kyselyLog(onQuery) });
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async copyRows(table, columns, rows) {
      const client = await pool.connect();
      let failed = false;
      try {
        await client.query(BULK_LOAD_ON);
        let count = 0;
        const source = Readable.from(
          (function* () {
            for (const chunk of csvChunks(rows)) {
              count += chunk.rows;
              yield chunk.text;
            }
          })(),
        );
        await pipeline(
          source,
          client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`)),
        );
        await client.query(BULK_LOAD_OFF);
        return count;
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        // A connection that failed mid-load may still have bulk_load on: destroy it rather than pool it.
        client.release(failed);
      }
    },
    async listen(channel, onNotice, onLost) {
      // Its own connection, outside the pool: a pooled one would be handed to queries and lose the subscription.
      const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
      let stopping = false;
      client.on('notification', (message) => {
        if (message.channel === channel) onNotice(message.payload ?? '');
      });
      client.on('error', () => {}); // 'end' follows, which reports the loss
      client.on('end', () => {
        if (!stopping) onLost();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        stopping = true; // the caller hears of this failure from the throw, not as a loss
        await client.end().catch(() => {});
        throw error;
      }
      return async () => {
        stopping = true;
        await client.end();
      };
    },
    close: () => db.destroy(),
  };
}

const BULK_LOAD_ON = "SELECT set_config('portal.bulk_load', 'on', false)";
const BULK_LOAD_OFF = "SELECT set_config('portal.bulk_load', 'off', false)";
const CHUNK_ROWS = 50_000;

function* csvChunks(rows: Iterable<readonly CopyValue[]>): Generator<{ text: string; rows: number }> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(row.map(csvField).join(','));
    if (lines.length === CHUNK_ROWS) {
      yield { text: `${lines.join('\n')}\n`, rows: lines.length };
      lines = [];
    }
  }
  if (lines.length > 0) yield { text: `${lines.join('\n')}\n`, rows: lines.length };
}

function csvField(value: CopyValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  // Quote every string so an empty string stays distinct from NULL.
  return `"${value.replaceAll('"', '""')}"`;
}
