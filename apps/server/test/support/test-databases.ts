import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';

export type TestEngine = {
  name: 'pglite' | 'postgres';
  /** A new, empty database of this engine. */
  create(): Promise<TestDatabase>;
};

export type TestDatabase = { handle: DatabaseHandle; dispose(): Promise<void> };

const pglite: TestEngine = {
  name: 'pglite',
  async create() {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    return { handle, dispose: () => handle.close() };
  },
};

/** A throwaway database on the server of TEST_DATABASE_URL, dropped again afterwards. */
function postgres(url: string): TestEngine {
  return {
    name: 'postgres',
    async create() {
      const name = `portal_test_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin.db);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 4 });
      return {
        handle,
        async dispose() {
          await handle.close();
          await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin.db);
          await admin.close();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too whenever TEST_DATABASE_URL names a server. */
export function testEngines(): TestEngine[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
