import path from 'node:path';
import { type InstalledPackage, productionTree, readLockfile } from './lock-tree.js';
import { NEVER_IN_PRODUCTION, SERVER_IMAGE_WORKSPACES } from './policy.js';

// Part of `npm run lint`: fails when the server's production dependencies (what the container image installs)
// would bring in the demo-data generator's faker, a bench tool or another workspace meant for development.

export function forbiddenPackages(tree: readonly InstalledPackage[]): Array<InstalledPackage & { why: string }> {
  return tree.flatMap((installed) => {
    const why = NEVER_IN_PRODUCTION[installed.name];
    return why === undefined ? [] : [{ ...installed, why }];
  });
}

function main() {
  const lockFile = process.argv[2] ?? path.resolve(import.meta.dirname, '../../package-lock.json');
  const tree = productionTree(readLockfile(lockFile), SERVER_IMAGE_WORKSPACES);
  const forbidden = forbiddenPackages(tree);
  if (forbidden.length > 0) {
    for (const { name, version, path: at, why } of forbidden) {
      console.error(`✗ ${name}@${version} (${at}) is in the server's production dependencies: ${why}`);
    }
    console.error('Make it a devDependency of the workspace that needs it (docs/dependencies.md).');
    process.exit(1);
  }
  console.log(`✓ the server's production tree (${tree.length} packages) has no development-only package`);
}

if (import.meta.main) main();
