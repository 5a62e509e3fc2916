import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killBuiltServer, startBuiltServer } from './support/built-server.js';
import { freePort } from './support/free-port.js';

// The server as the container image runs it (decision 0201): built, and with no development dependency to load.
// A module hook makes @faker-js/faker unresolvable, as it is in the image's production-only node_modules.

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');

const WITHOUT_FAKER = `import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === '@faker-js/faker' || specifier.startsWith('@faker-js/faker/')) {
      throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: 'ERR_MODULE_NOT_FOUND' });
    }
    return nextResolve(specifier, context);
  },
});
`;

let buildDir: string;
let entry: string;
let nodeArgs: string[];
let seeding: ChildProcess | undefined;

beforeAll(async () => {
  // A build of its own, so it never races the tests that rebuild apps/server/dist; node_modules is linked beside it
  // so the bundle's imports resolve as they do from apps/server/dist.
  buildDir = await mkdtemp(path.join(tmpdir(), 'portal-production-'));
  await symlink(path.join(REPO_DIR, 'node_modules'), path.join(buildDir, 'node_modules'), 'dir');
  const tsup = spawn(path.join(REPO_DIR, 'node_modules/.bin/tsup'), ['--out-dir', path.join(buildDir, 'dist')], {
    cwd: SERVER_DIR,
    stdio: 'ignore',
  });
  const [code] = await once(tsup, 'exit');
  expect(code).toBe(0);
  entry = path.join(buildDir, 'dist/main.js');
  await writeFile(path.join(buildDir, 'without-faker.mjs'), WITHOUT_FAKER);
  nodeArgs = ['--import', path.join(buildDir, 'without-faker.mjs')];
}, 120_000);

afterAll(async () => {
  if (seeding && seeding.exitCode === null && seeding.signalCode === null) {
    const exited = once(seeding, 'exit');
    seeding.kill('SIGKILL');
    await exited;
  }
  await rm(buildDir, { recursive: true, force: true });
});

describe('the built server without development dependencies', () => {
  it('starts with SEED=none and answers its health check; asked to seed that empty database, it says to set SEED=none', async () => {
    const dataDir = path.join(buildDir, 'data');
    const server = await startBuiltServer(dataDir, { SEED: 'none' }, { entry, nodeArgs });
    try {
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    } finally {
      await killBuiltServer(server);
    }

    // The same database, migrated and still empty: SEED=small would load the demo data, and cannot.
    const child = spawn(process.execPath, [...nodeArgs, entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SEED: 'small',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    seeding = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const [code] = await once(child, 'exit');
    expect(output).toContain('whose generator needs the development dependencies');
    expect(output).toContain('set SEED=none');
    expect(code).toBe(1);
  }, 240_000);
});
