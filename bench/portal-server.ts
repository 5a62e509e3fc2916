import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');
const SIMULATOR_ENTRY = path.resolve(import.meta.dirname, '../apps/carrier-sim/dist/main.js');

export type RunningPortal = {
  baseUrl: string;
  /** The server process's id (its memory and open files under /proc). */
  pid: number;
  /** SIGTERM, then waits for the process to exit and removes its data folder; answers the exit code. */
  stop(): Promise<number | null>;
  /** What the server printed so far (its warnings and errors at the benchmarks' LOG_LEVEL). */
  output(): string;
};

/**
 * The built server in its own process over a fresh data folder with the small demo data (or DATABASE_URL when
 * given), as in production: benchmarks measure what users get, not an in-process shortcut. What it prints is
 * echoed to stderr unless `echo` is false (a trace log the benchmark reads itself).
 */
export async function startPortal(
  env: Record<string, string> = {},
  { echo = true }: { echo?: boolean } = {},
): Promise<RunningPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the servers under a benchmark's load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (echo) process.stderr.write(chunk);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(child, `${baseUrl}/ready`, 'the server', 180);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    output: () => output,
  };
}

/**
 * The built carrier simulator with no latency of its own, so calls through it measure what the portal adds to a
 * carrier's answer; a real carrier's own answer time comes on top.
 */
export async function startCarrierSimulator(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SIMULATOR_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SIM_HOST: '127.0.0.1',
      SIM_PORT: String(port),
      SIM_LATENCY_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(child, `${url}/health`, 'the carrier simulator', 30);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * The built server over `databaseUrl` (no demo data loaded) with the built simulator as every carrier and the
 * worker off: for benchmarks that only read. `stop()` stops both.
 */
export async function startPortalOverSimulator(databaseUrl: string): Promise<RunningPortal> {
  const simulator = await startCarrierSimulator();
  const portal = await startPortal({
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    CARRIER_SIM_URL: simulator.url,
    CARRIER_WORKER: 'off',
  }).catch(async (error: unknown) => {
    await simulator.stop();
    throw error;
  });
  return {
    ...portal,
    async stop() {
      const code = await portal.stop();
      await simulator.stop();
      return code;
    },
  };
}

async function waitUntilAnswering(child: ChildProcess, url: string, what: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}; run npm run build first`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${what} did not become ready in ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
