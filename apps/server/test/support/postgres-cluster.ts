import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

/*
 * A PostgreSQL server of the test's own, from the machine's PostgreSQL binaries, so a test may restart it under
 * load without touching the server other tests share. As root (CI here), it runs as the postgres account, since
 * PostgreSQL refuses to run as root.
 */

const run = promisify(execFile);

export type TestPostgresCluster = {
  /** A URL of the `postgres` database; the test creates its own databases on it. */
  readonly url: string;
  /** A fast restart: sessions are ended, the server stops and starts again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/** The binaries' folder of the newest installed major version, or undefined when there is none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  for (const major of ['17', '16', '15', '14']) {
    const bin = path.join(root, major, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export async function startPostgresCluster(): Promise<TestPostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chmod(dir, 0o755);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const log = path.join(dir, 'server.log');
  const start = () => as('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await start();
    },
    async stop() {
      await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
