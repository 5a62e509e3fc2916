import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Lockfile, productionTree, readLockfile } from './lock-tree.js';
import { SERVER_IMAGE_WORKSPACES } from './policy.js';
import { REPO_ROOT, runScript } from './run-script.js';

const realLock = () => readLockfile(path.join(REPO_ROOT, 'package-lock.json'));

// A small monorepo: a server workspace linking a contract workspace, one package at two versions, a dev-only
// package and an optional package of another platform that npm recorded without an entry.
const smallLock: Lockfile = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'mono' },
    'apps/server': {
      name: '@x/server',
      dependencies: { '@x/contract': '*', a: '^1.0.0', b: '^1.0.0' },
      optionalDependencies: { 'native-win32': '1.0.0' },
      devDependencies: { faker: '^1.0.0' },
    },
    'packages/contract': { name: '@x/contract', dependencies: { zod: '^4.0.0' } },
    'node_modules/@x/contract': { resolved: 'packages/contract', link: true },
    'node_modules/a': { version: '1.2.0', dependencies: { b: '^2.0.0' } },
    'node_modules/a/node_modules/b': { version: '2.1.0' },
    'node_modules/b': { version: '1.5.0' },
    'node_modules/zod': {
      version: '4.1.0',
      peerDependencies: { typescript: '*' },
      peerDependenciesMeta: { typescript: { optional: true } },
    },
    'node_modules/faker': { version: '1.0.0', dev: true },
  },
};

describe('the production tree read from package-lock.json', () => {
  it('follows dependencies from each package’s own place, through workspace links, and leaves dev dependencies out', () => {
    const tree = productionTree(smallLock, ['apps/server']);
    expect(tree.map(({ name, version }) => `${name}@${version}`).sort()).toEqual([
      'a@1.2.0',
      'b@1.5.0',
      'b@2.1.0',
      'zod@4.1.0',
    ]);
  });

  it('refuses a lock whose required dependency is not installed', () => {
    const broken: Lockfile = {
      lockfileVersion: 3,
      packages: { ...smallLock.packages, 'apps/server': { dependencies: { missing: '1.0.0' } } },
    };
    expect(() => productionTree(broken, ['apps/server'])).toThrow(/'missing'.*is not installed/);
  });

  it('holds what the server needs at run time and none of the demo-data generator or bench tools', () => {
    const names = new Set(productionTree(realLock(), SERVER_IMAGE_WORKSPACES).map((installed) => installed.name));
    for (const needed of ['fastify', 'kysely', 'pg', '@electric-sql/pglite', '@node-rs/argon2', 'zod']) {
      expect(names).toContain(needed);
    }
    for (const devOnly of ['@faker-js/faker', 'autocannon', 'lighthouse', 'vitest', 'tsup', 'pino-pretty']) {
      expect(names).not.toContain(devOnly);
    }
  });
});

describe('npm run check:dependencies, the production tree part', () => {
  it('passes on the committed lock file', async () => {
    const { code, output } = await runScript('check-production-tree.ts', []);
    expect(output).toContain('has no development-only package');
    expect(code).toBe(0);
  });

  it('fails, naming the package, when faker is a production dependency of the server again', async () => {
    const lock = realLock();
    const server = lock.packages['apps/server']!;
    lock.packages['apps/server'] = {
      ...server,
      dependencies: { ...server.dependencies, '@faker-js/faker': '^10.6.0' },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
    const { code, output } = await runScript('check-production-tree.ts', [path.join(dir, 'package-lock.json')]);
    expect(output).toMatch(
      /✗ @faker-js\/faker@10\.\d+\.\d+ \(node_modules\/@faker-js\/faker\) is in the server's production/,
    );
    expect(code).toBe(1);
  });
});
