import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { repoRoot, serverEntry, webIndexHtml } from './paths';

/**
 * Runs the real, built portal server (`node apps/server/dist/main.js`) as a child process, exactly as production
 * does, on a free port with a data directory of its own. Nothing from the server's source is imported here.
 */

export interface PortalServer {
  /** e.g. `http://127.0.0.1:43567` (no trailing slash). */
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** The server's stdout and stderr so far (the last lines, for failure messages). */
  logs(): string;
  /** SIGTERM, then SIGKILL after {@link STOP_GRACE_MS}; removes the data directory. Safe to call twice. */
  stop(): Promise<void>;
  /** Whether the process has exited with code 0 (as it does after a clean shutdown). */
  exitedCleanly(): boolean;
}

export interface StartPortalServerOptions {
  /** The script to run with node; the built server unless a test of this harness swaps it. */
  entry?: string;
  /** How long to wait for `GET /ready` to answer 200. The first start migrates and seeds the demo data. */
  readyTimeoutMs?: number;
  /**
   * A data directory {@link preparePortalDataDir} made: the server starts on a copy of it, with the demo data
   * already loaded, rather than on an empty one it has to fill first.
   */
  dataDirFrom?: string;
  /** stop() leaves the data directory in place: the caller removes it. */
  keepDataDir?: boolean;
  /** Extra environment for the server (after the defaults below). */
  env?: Record<string, string>;
  /** Echo the server's output to this process's stderr (also on with PORTAL_E2E_SERVER_LOGS=1). */
  echoLogs?: boolean;
  /**
   * The host name the browser and PUBLIC_URL use (the server still listens on 127.0.0.1): `localhost` for passkeys,
   * which WebAuthn binds to a domain, never to an IP address.
   */
  hostName?: '127.0.0.1' | 'localhost';
}

export const READY_TIMEOUT_MS = 120_000;
export const STOP_GRACE_MS = 10_000;
const READY_POLL_MS = 250;
const MAX_LOG_CHARS = 64_000;

/** Environment the test runner may carry that must not leak into the server under test. */
const SCRUBBED_ENV = ['CARRIER_SIM_URL', 'DATABASE_URL', 'WEB_DIST_DIR', 'SEED', 'HOST', 'NODE_OPTIONS'];

export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('Could not determine a free port');
  return address.port;
}

function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string>,
  hostName = '127.0.0.1',
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITEST') || SCRUBBED_ENV.includes(name)) delete env[name];
  }
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // The e-mails' sign-in link must lead to this server, which tests follow.
    PUBLIC_URL: `http://${hostName}:${port}/`,
    DATA_DIR: dataDir,
    ...extra,
  };
}

async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const exited = once(child, 'exit').then(() => true);
  const timedOut = delay(timeoutMs, false, { ref: false });
  return Promise.race([exited, timedOut]);
}

export async function startPortalServer(options: StartPortalServerOptions = {}): Promise<PortalServer> {
  const entry = options.entry ?? serverEntry;
  for (const [file, build] of [
    [entry, 'npm run build -w @portal/server'],
    [webIndexHtml, 'npm run build -w @portal/web'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(
        `${path.relative(repoRoot, file)} is missing; build it first with \`${build}\` (from the repo root)`,
      );
    }
  }

  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const echo = options.echoLogs ?? process.env.PORTAL_E2E_SERVER_LOGS === '1';
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  if (options.dataDirFrom) await cp(options.dataDirFrom, dataDir, { recursive: true });
  const hostName = options.hostName ?? '127.0.0.1';
  const baseUrl = `http://${hostName}:${port}`;

  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, options.env ?? {}, hostName),
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const record = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-MAX_LOG_CHARS);
    if (echo) process.stderr.write(text);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  // If the test process goes away without calling stop(), do not leave the server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, STOP_GRACE_MS))) {
          child.kill('SIGKILL');
          await waitForExit(child, STOP_GRACE_MS);
        }
      }
      process.removeListener('exit', killOnExit);
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    })();
    return stopped;
  };

  const logs = () => output;
  const fail = async (reason: string): Promise<never> => {
    await stop();
    if (options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    throw new Error(
      `Portal server did not become ready: ${reason}\n--- server output (last lines) ---\n${tail(output)}`,
    );
  };

  const deadline = Date.now() + readyTimeoutMs;
  let errorFromSpawn: Error | undefined;
  void spawnError.then((error) => {
    errorFromSpawn = error;
  });
  while (!(await isReady(baseUrl))) {
    if (errorFromSpawn) return fail(`could not start ${process.execPath}: ${errorFromSpawn.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      return fail(`the process exited (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    if (Date.now() > deadline) return fail(`GET ${baseUrl}/ready did not answer 200 within ${readyTimeoutMs} ms`);
    await delay(READY_POLL_MS);
  }

  return { baseUrl, port, dataDir, logs, stop, exitedCleanly: () => child.exitCode === 0 };
}

/**
 * Starts the server once on an empty data directory, so that it migrates and loads the demo data, and shuts it
 * down cleanly: the directory then holds a closed database that test files start from ({@link
 * StartPortalServerOptions.dataDirFrom}) instead of each loading the demo data again. The caller removes it.
 */
export async function preparePortalDataDir(
  options: Omit<StartPortalServerOptions, 'dataDirFrom' | 'keepDataDir'> = {},
) {
  const server = await startPortalServer({ ...options, keepDataDir: true });
  await server.stop();
  if (!server.exitedCleanly()) {
    await rm(server.dataDir, { recursive: true, force: true });
    throw new Error(
      `The portal server did not shut down cleanly\n--- server output (last lines) ---\n${tail(server.logs())}`,
    );
  }
  return server.dataDir;
}

function tail(text: string, lines = 60): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
