import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { preparePortalDataDir } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory every test file's server starts on a copy of (see preparePortalDataDir). */
    portalDataDir: string;
  }
}

/**
 * Vitest global setup of the browser project: the server loads the demo data once per run, rather than once per
 * test file; a rerun in watch mode prepares it again, from the server as built then.
 */
export default async function setup(project: TestProject) {
  let dataDir = await preparePortalDataDir();
  project.provide('portalDataDir', dataDir);
  project.onTestsRerun(async () => {
    await rm(dataDir, { recursive: true, force: true });
    dataDir = await preparePortalDataDir();
    project.provide('portalDataDir', dataDir);
  });
  return () => rm(dataDir, { recursive: true, force: true });
}
