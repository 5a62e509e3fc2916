import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { type DatabaseTemplates, databaseUrl, dropDatabase, type TemplateContents } from './database-templates.js';

export type { TemplateContents } from './database-templates.js';

export type TestEngine = {
  name: 'pglite' | 'postgres';
  /**
   * A new database of this engine of its own, by default empty (not even migrated). 'migrated' and 'demo data'
   * are copies of the templates the run prepared once, so they cost a copy rather than a migration and a load.
   */
  create(contents?: TemplateContents): Promise<TestDatabase>;
};

/** `url` is a PostgreSQL database's, for a server started as a process of its own. */
export type TestDatabase = { handle: DatabaseHandle; url?: string; dispose(): Promise<void> };

function templates(): DatabaseTemplates {
  const prepared = inject('databaseTemplates');
  if (!prepared) {
    throw new Error('No database templates: run the server tests through the repo root vitest.config.ts');
  }
  return prepared;
}

/** An in-memory PGlite database loaded from the dump of the run's template: its own copy, gone once closed. */
export async function openPgliteCopy(contents: TemplateContents): Promise<TestDatabase> {
  const dump = await readFile(templates().pglite[contents]);
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: new Blob([dump]) });
  return { handle, dispose: () => handle.close() };
}

const pglite: TestEngine = { name: 'pglite', create: (contents = 'empty') => openPgliteCopy(contents) };

/** A throwaway database on the server of TEST_DATABASE_URL (a copy of a template unless empty), dropped afterwards. */
function postgres(url: string): TestEngine {
  return {
    name: 'postgres',
    async create(contents = 'empty') {
      const name = `portal_test_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      if (contents === 'empty') {
        await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin.db);
      } else {
        const template = postgresTemplates().templates[contents];
        await sql`CREATE DATABASE ${sql.id(name)} TEMPLATE ${sql.id(template)}`.execute(admin.db);
      }
      const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name), poolSize: 4 });
      return {
        handle,
        url: databaseUrl(url, name),
        async dispose() {
          await handle.close();
          await dropDatabase(admin.db, name);
          await admin.close();
        },
      };
    },
  };
}

function postgresTemplates(): NonNullable<DatabaseTemplates['postgres']> {
  const { postgres } = templates();
  if (!postgres) throw new Error('TEST_DATABASE_URL was not set when the run prepared its database templates');
  return postgres;
}

/** PGlite always; PostgreSQL too whenever TEST_DATABASE_URL names a server. */
export function testEngines(): TestEngine[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}

/**
 * The engine the API tests' apps run on: PostgreSQL whenever TEST_DATABASE_URL names a server, as production does
 * (and about a quarter faster than PGlite's WebAssembly build, decision 0179); PGlite otherwise. PGlite stays
 * tested by every test of testEngines() and by the whole browser suite, whose server runs on it.
 */
export function appEngine(): TestEngine {
  const url = process.env.TEST_DATABASE_URL;
  return url ? postgres(url) : pglite;
}
