import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startCarrierSimulator } from './carrier-simulator';
import { preparePortalDataDir } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory every test file's server starts on a copy of (see preparePortalDataDir). */
    portalDataDir: string;
    /** The run's carrier simulator, which every portal server calls; tests set its faults through it. */
    carrierSimUrl: string;
  }
}

/**
 * Vitest global setup of the browser project: the server loads the demo data once per run, rather than once per
 * test file; a rerun in watch mode prepares it again, from the server as built then. One carrier simulator runs
 * for the whole run.
 */
export default async function setup(project: TestProject) {
  const sim = await startCarrierSimulator();
  project.provide('carrierSimUrl', sim.url);
  let dataDir: string;
  try {
    dataDir = await preparePortalDataDir({ carrierSimUrl: sim.url });
  } catch (error) {
    await sim.stop();
    throw error;
  }
  project.provide('portalDataDir', dataDir);
  project.onTestsRerun(async () => {
    await rm(dataDir, { recursive: true, force: true });
    dataDir = await preparePortalDataDir({ carrierSimUrl: sim.url });
    project.provide('portalDataDir', dataDir);
  });
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
    await sim.stop();
  };
}
