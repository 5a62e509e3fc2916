import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { openConfiguredDatabase, queryLog } from '../../src/db/database.js';

/** A logger at `level` whose lines the test reads back. */
function capturedLog(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

describe('the query log', () => {
  let handle: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The server's own database (PostgreSQL under TEST_DATABASE_URL, otherwise PGlite) with the query log on. */
  const open = async (level: string, slowQueryMs: number) => {
    const captured = capturedLog(level);
    dataDir = await mkdtemp(path.join(tmpdir(), 'query-log-'));
    handle = await openConfiguredDatabase(
      { databaseUrl: process.env.TEST_DATABASE_URL, dataDir },
      queryLog(captured.log, slowQueryMs),
    );
    return { db: handle.db, lines: captured.lines };
  };

  it('warns of a statement slower than SLOW_QUERY_MS with its SQL but never what was typed into it', async () => {
    const { db, lines } = await open('info', 50);
    await sql`SELECT ${'quick@example.com'}::text AS typed`.execute(db);
    expect(lines).toEqual([]);
    await sql`SELECT pg_sleep(0.08), ${'secret@example.com'}::text AS typed`.execute(db);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'slow query', sql: expect.stringContaining('pg_sleep') });
    expect(lines[0]?.ms).toBeGreaterThanOrEqual(50);
    expect(JSON.stringify(lines)).not.toContain('secret@example.com');
  });

  it('traces every statement with its parameters at LOG_LEVEL=trace', async () => {
    const { db, lines } = await open('trace', 60_000);
    await sql`SELECT ${'traced@example.com'}::text AS typed`.execute(db);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'query',
        sql: expect.stringContaining('SELECT'),
        parameters: ['traced@example.com'],
      }),
    ]);
  });
});
