import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { DEMO_PASSWORD } from './test-app.js';

// The real built server as a child process, as production runs it: for tests of what only a process shows (a
// SIGKILL mid-send, its memory during an upload).

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(SERVER_DIR, 'dist/main.js');

/** Builds the server from the current source. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)('npm', ['run', 'build', '-w', '@portal/server'], {
    cwd: path.resolve(SERVER_DIR, '../..'),
  });
}

export type BuiltServer = { baseUrl: string; child: ChildProcess; output: () => string };

export type BuiltServerOptions = {
  /** Another build's entry than dist/main.js. */
  entry?: string;
  /** Node's own flags before the entry (an --import of module hooks). */
  nodeArgs?: string[];
};

/** Starts the built server over `dataDir` with `env` on top of production settings; resolves once it is ready. */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string>,
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VITEST') && name !== 'DATABASE_URL' && name !== 'NODE_OPTIONS') inherited[name] = value;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? SERVER_ENTRY], {
    env: {
      ...inherited,
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
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${baseUrl}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`the server was not ready in 120 s:\n${output}`);
    await delay(250);
  }
}

export async function killBuiltServer(server: BuiltServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

/** Signs a demo account in and answers its access token. */
export async function signInTo(server: BuiltServer, username = 'acme.admin'): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: { access_token: string } }).token.access_token;
}
