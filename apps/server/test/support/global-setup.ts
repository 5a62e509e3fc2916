import type { TestProject } from 'vitest/node';
import { buildServer } from './built-server.js';
import { prepareDatabaseTemplates } from './database-templates.js';

/**
 * Vitest global setup of the server project: builds the database templates once per run, before any test file,
 * and removes them after the last. A rerun in watch mode builds them afresh, as a migration may have changed.
 * It also builds the server from the current source, once: the tests that run it as a process share that build, so
 * none rebuilds apps/server/dist while another's server is starting from it.
 */
export default async function setup(project: TestProject) {
  const [templates] = await Promise.all([prepareDatabaseTemplates(), buildServer()]);
  let prepared = templates;
  project.provide('databaseTemplates', prepared.templates);
  project.onTestsRerun(async () => {
    await prepared.dispose();
    prepared = await prepareDatabaseTemplates();
    project.provide('databaseTemplates', prepared.templates);
  });
  return () => prepared.dispose();
}
