import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { loadDemoData } from '../../src/db/seed/load.js';

/**
 * The demo data's "today": fixed, so the generated data (and any copy of it) is the same on every run.
 */
export const DEMO_ANCHOR_DAY = '2026-11-21';

/** What a test database starts with: nothing (not even migrations), the current schema, or that plus demo data. */
export type TemplateContents = 'empty' | 'migrated' | 'demo data';

/**
 * The databases the run's global setup prepared once, for every test file to copy (see decision 0040).
 * Plain strings only: Vitest hands this from the global setup to the test workers by structured clone.
 */
export type DatabaseTemplates = {
  /** Per contents, a file holding the uncompressed dump of a PGlite data directory (see dumpDataDir). */
  pglite: Record<TemplateContents, string>;
  /** Template databases on the server of TEST_DATABASE_URL, when it is set. */
  postgres?: { url: string; templates: Record<Exclude<TemplateContents, 'empty'>, string> };
};

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const PGLITE_PREFIX = 'portal-test-databases-';
const POSTGRES_PREFIX = 'portal_template_';
/** Leftovers of runs that ended without their teardown (killed) are removed once they are this old. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Builds every template from the current migrations and seed code; nothing is reused from an earlier run, so a
 * changed migration or generator can never leave a stale template behind.
 */
export async function prepareDatabaseTemplates(): Promise<{ templates: DatabaseTemplates; dispose(): Promise<void> }> {
  await removeStalePgliteTemplates();
  const root = await mkdtemp(path.join(tmpdir(), PGLITE_PREFIX));
  const url = process.env.TEST_DATABASE_URL;
  try {
    const [pglite, postgres] = await Promise.all([
      preparePgliteTemplates(root),
      url ? preparePostgresTemplates(url) : undefined,
    ]);
    return {
      templates: { pglite, ...(postgres && { postgres: postgres.templates }) },
      async dispose() {
        await postgres?.dispose();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function preparePgliteTemplates(root: string): Promise<DatabaseTemplates['pglite']> {
  const dumps: DatabaseTemplates['pglite'] = {
    empty: path.join(root, 'empty.tar'),
    migrated: path.join(root, 'migrated.tar'),
    'demo data': path.join(root, 'demo-data.tar'),
  };
  // One in-memory database taken step by step from initdb (the slowest part of a new PGlite) to the demo data,
  // dumped after each step. Test files load a dump into an in-memory PGlite of their own: their many small writes
  // are several times slower on a data directory on disk (decision 0040 has the figures).
  await withDatabase(await openDatabase({ kind: 'pglite', dataDir: undefined }), async (handle) => {
    const save = async (contents: TemplateContents) => {
      if (!handle.dumpDataDir) throw new Error('a PGlite handle can dump its data directory');
      await writeFile(dumps[contents], new Uint8Array(await (await handle.dumpDataDir()).arrayBuffer()));
    };
    await save('empty');
    await migrateToLatest(handle.db);
    await save('migrated');
    await loadDemoData(handle, { size: 'small', anchorDay: DEMO_ANCHOR_DAY });
    await save('demo data');
  });
  return dumps;
}

async function preparePostgresTemplates(url: string) {
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await removeStalePostgresTemplates(admin.db);
  // Unique per run, so concurrent runs against one server each build and drop their own.
  const run = `${POSTGRES_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templates = { migrated: `${run}_migrated`, 'demo data': `${run}_demo_data` };
  const dispose = async () => {
    for (const name of Object.values(templates)) await dropDatabase(admin.db, name);
    await admin.close();
  };
  try {
    await sql`CREATE DATABASE ${sql.id(templates.migrated)}`.execute(admin.db);
    await withDatabase(await openDatabase({ kind: 'postgres', url: databaseUrl(url, templates.migrated) }), (handle) =>
      migrateToLatest(handle.db),
    );
    await sql`CREATE DATABASE ${sql.id(templates['demo data'])} TEMPLATE ${sql.id(templates.migrated)}`.execute(
      admin.db,
    );
    await withDatabase(
      await openDatabase({ kind: 'postgres', url: databaseUrl(url, templates['demo data']) }),
      (handle) => loadDemoData(handle, { size: 'small', anchorDay: DEMO_ANCHOR_DAY }),
    );
    // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: refuse connections outright,
    // so a stray one cannot break every test file that copies it.
    for (const name of Object.values(templates)) {
      await sql`ALTER DATABASE ${sql.id(name)} WITH ALLOW_CONNECTIONS false`.execute(admin.db);
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { templates: { url, templates }, dispose };
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${database}`;
  return target.toString();
}

export async function dropDatabase<T>(admin: Kysely<T>, name: string) {
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
}

async function withDatabase(handle: DatabaseHandle, work: (handle: DatabaseHandle) => Promise<unknown>) {
  try {
    await work(handle);
  } finally {
    await handle.close();
  }
}

async function removeStalePgliteTemplates() {
  const entries = await readdir(tmpdir(), { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(PGLITE_PREFIX)) continue;
    const dir = path.join(tmpdir(), entry.name);
    // Another run may remove it at the same moment.
    const info = await stat(dir).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_AFTER_MS) await rm(dir, { recursive: true, force: true });
  }
}

async function removeStalePostgresTemplates<T>(admin: Kysely<T>) {
  const { rows } = await sql<{ datname: string }>`SELECT datname FROM pg_database
    WHERE starts_with(datname, ${POSTGRES_PREFIX})`.execute(admin);
  for (const { datname } of rows) {
    const createdAt = Number.parseInt(datname.slice(POSTGRES_PREFIX.length).split('_')[0] ?? '', 36);
    if (Date.now() - createdAt > STALE_AFTER_MS) await dropDatabase(admin, datname);
  }
}
