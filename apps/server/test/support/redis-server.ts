import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { vi } from 'vitest';
import { freePort } from './free-port.js';

/*
 * A real Redis server of the test's own (Debian's redis-server, installed by scripts/ensure-servers.sh): on a free
 * port, keeping nothing on disk, so tests neither share counts with other runs nor disturb the machine's Redis, and
 * may stop it to show what the portal does while Redis is down.
 */

export type TestRedisServer = {
  readonly url: string;
  /** Starts it again on the same port after stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  let process: ChildProcess | undefined;
  const server: TestRedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      process = child;
      await untilAccepting(child);
    },
    async stop() {
      const child = process;
      process = undefined;
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

/** Resolves once the server answers PING on its port. */
async function untilAccepting(child: ChildProcess): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`redis-server exited with ${String(code)} before accepting connections:\n${output}`);
  });
  const spawnFailed = once(child, 'error').then(([error]) => {
    throw new Error(`redis-server could not start (run scripts/ensure-servers.sh): ${String(error)}`);
  });
  const port = Number(child.spawnargs[child.spawnargs.indexOf('--port') + 1]);
  await Promise.race([exited, spawnFailed, pingUntilAnswered(port, () => child.exitCode === null)]);
}

async function pingUntilAnswered(port: number, running: () => boolean): Promise<void> {
  const { Redis } = await import('ioredis');
  await vi.waitFor(
    async () => {
      if (!running()) return;
      const client = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        if ((await client.ping()) !== 'PONG') throw new Error('redis-server did not answer PING');
      } finally {
        client.disconnect();
      }
    },
    { timeout: 10_000, interval: 20 },
  );
}
