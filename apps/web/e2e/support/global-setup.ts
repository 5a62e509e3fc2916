import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase, removeStaleDatabases } from './portal-database';
import { preparePortalDataDir } from './portal-server';

/** What a test file's server starts on a copy of: its data directory and, on PostgreSQL, its database. */
export interface PortalStart {
  dataDir: string;
  /** When the files' servers run on PostgreSQL: that server (TEST_DATABASE_URL) and the template database's URL. */
  postgres?: { server: string; template: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded database in its data directory, as `npm start` runs (see preparePortalDataDir). */
    portalOnPglite: PortalStart;
    /** The same demo data on the PostgreSQL server of TEST_DATABASE_URL, when it is set (decision 0182). */
    portalOnPostgres: PortalStart | null;
  }
}

/**
 * Vitest global setup of the browser project: the server loads the demo data once per run, rather than once per
 * test file, into PGlite and, when TEST_DATABASE_URL is set, into a PostgreSQL template database; a rerun in watch
 * mode prepares them again, from the server as built then.
 */
export default async function setup(project: TestProject) {
  let prepared = await prepare();
  const provide = () => {
    project.provide('portalOnPglite', prepared.onPglite);
    project.provide('portalOnPostgres', prepared.onPostgres);
  };
  provide();
  project.onTestsRerun(async () => {
    await prepared.dispose();
    prepared = await prepare();
    provide();
  });
  return () => prepared.dispose();
}

async function prepare() {
  // The PostgreSQL server the browser files run on, if any: TEST_DATABASE_URL, as the API tests use it.
  const server = process.env.TEST_DATABASE_URL || undefined;
  const [pgliteDataDir, onPostgres] = await Promise.all([
    preparePortalDataDir(),
    server ? prepareOnPostgres(server) : null,
  ]);
  return {
    onPglite: { dataDir: pgliteDataDir },
    onPostgres,
    async dispose() {
      await rm(pgliteDataDir, { recursive: true, force: true });
      if (onPostgres?.postgres) await dropDatabase(onPostgres.postgres.server, onPostgres.postgres.template);
      if (onPostgres) await rm(onPostgres.dataDir, { recursive: true, force: true });
    },
  };
}

async function prepareOnPostgres(server: string): Promise<PortalStart> {
  await removeStaleDatabases(server);
  const template = await createDatabase(server);
  try {
    return { dataDir: await preparePortalDataDir({ env: { DATABASE_URL: template } }), postgres: { server, template } };
  } catch (error) {
    await dropDatabase(server, template);
    throw error;
  }
}
