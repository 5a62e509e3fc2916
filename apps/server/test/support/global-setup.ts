import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplates } from './database-templates.js';

/**
 * Vitest global setup of the server project: builds the database templates once per run, before any test file,
 * and removes them after the last. A rerun in watch mode builds them afresh, as a migration may have changed.
 */
export default async function setup(project: TestProject) {
  let prepared = await prepareDatabaseTemplates();
  project.provide('databaseTemplates', prepared.templates);
  project.onTestsRerun(async () => {
    await prepared.dispose();
    prepared = await prepareDatabaseTemplates();
    project.provide('databaseTemplates', prepared.templates);
  });
  return () => prepared.dispose();
}
