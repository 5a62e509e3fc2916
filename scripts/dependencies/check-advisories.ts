import path from 'node:path';
import { type AdvisoryDatabase, findVulnerable, readAdvisoryDatabase } from './advisories.js';
import { productionTree, readLockfile } from './lock-tree.js';
import { SHIPPED_WORKSPACES } from './policy.js';

// Part of `npm run lint`: the registry's advisory service refuses `npm audit` here, so the production packages
// of package-lock.json are checked against the committed advisory database instead (decision 0202).

export const DEFAULT_DATABASE = path.resolve(import.meta.dirname, '../../security/npm-advisories.json');
const DEFAULT_LOCK = path.resolve(import.meta.dirname, '../../package-lock.json');

function describe(database: AdvisoryDatabase): string {
  if (database.sources.length === 0) return 'no source yet: refresh it where one is reachable (docs/dependencies.md)';
  const sources = database.sources.map((source) => `${source.name} at ${source.revision}`).join(', ');
  return `${database.advisories.length} high or critical npm advisories from ${sources}, refreshed ${database.refreshedAt}`;
}

function main() {
  const [lockFile = DEFAULT_LOCK, databaseFile = DEFAULT_DATABASE] = process.argv.slice(2);
  const database = readAdvisoryDatabase(databaseFile);
  const tree = productionTree(readLockfile(lockFile), SHIPPED_WORKSPACES);
  const findings = findVulnerable(tree, database);
  console.log(`advisory database: ${describe(database)}`);
  if (findings.length > 0) {
    for (const { installed, advisory } of findings) {
      console.error(
        `✗ ${installed.name}@${installed.version} (${installed.path}): ${advisory.severity} ${advisory.id} ` +
          `${advisory.summary} (affects ${advisory.affected})`,
      );
    }
    console.error('Update the package (npm update NAME, or a newer range in package.json) and run npm install.');
    process.exit(1);
  }
  console.log(`✓ no high or critical advisory names any of the ${tree.length} shipped production packages`);
}

if (import.meta.main) main();
