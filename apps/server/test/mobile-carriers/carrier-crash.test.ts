import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { DEMO_PASSWORD } from '../support/test-app.js';

// A server killed while it is sending a SIM swap loses nothing and changes the line once (decisions 0009, 0080,
// 0088). The real built server runs as a child process over a data folder that outlives it; it is SIGKILLed while
// its worker's call to the (slowed) carrier is in flight, and started again on the same folder.

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(SERVER_DIR, 'dist/main.js');
const HALO_LINE = '07100000000';
const NEW_SIM = '89455555555';

const simulator = useCarrierSimulator({ completionMs: 500 });
let dataDir = '';

beforeAll(async () => {
  // The server as production runs it: built from the current source.
  await promisify(execFile)('npm', ['run', 'build', '-w', '@portal/server'], {
    cwd: path.resolve(SERVER_DIR, '../..'),
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-carrier-crash-'));
}, 120_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

type Server = { baseUrl: string; child: ChildProcess; output: () => string };

async function startServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VITEST') && name !== 'DATABASE_URL' && name !== 'NODE_OPTIONS') env[name] = value;
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CARRIER_SIM_URL: simulator.sim.url,
      CARRIER_WORKER: 'on',
      CARRIER_WORKER_POLL_MS: '100',
      // The restarted server takes over the killed one's claim once this lease runs out.
      CARRIER_WORKER_LEASE_MS: '3000',
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

async function kill(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

async function api<T>(server: Server, token: string, url: string, body?: object): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function signIn(server: Server): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'acme.admin', password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: { access_token: string } }).token.access_token;
}

type Event = { status: string; notes: string };

it('a SIM swap survives a SIGKILL of the server mid-send and completes once after the restart', async () => {
  let server = await startServer();
  try {
    let token = await signIn(server);
    const lines = await api<{ value: Array<{ id: number }> }>(
      server,
      token,
      `/api/endpoints?$filter=${encodeURIComponent(`identifier eq '${HALO_LINE}'`)}&$select=id`,
    );
    const endpointId = lines.json.value[0]?.id;
    const contract = await api<{ orderItemId: number }>(server, token, `/api/contracts/cli/${HALO_LINE}`);
    const { orderItemId } = contract.json;
    expect(endpointId).toBeDefined();
    const pendingUrl = `/api/orders/pending/${HALO_LINE}/${orderItemId}`;
    // The demo line may have unfinished orders of its own: once the swap is done, it is as pending as before.
    const pendingBefore = (await api(server, token, pendingUrl)).json;

    // The carrier takes 2.5 s to answer anything: the route's checks wait for it, and the worker's send, which
    // starts within a poll (0.1 s) of the answer, is still in flight a second later when the server dies.
    await simulator.sim.setFault('mobile-33', { mode: 'slow', latencyMs: 2_500 });
    const accepted = await api<{ id: number; status: string }>(server, token, `/api/mobileHalo/simswap/${endpointId}`, {
      serialNumber: NEW_SIM,
      orderItemId,
    });
    expect(accepted.status).toBe(202);
    await delay(1_000);
    await kill(server);
    expect((await simulator.sim.haloLine(HALO_LINE)).serial_number.number).not.toBe(NEW_SIM);
    await simulator.sim.clearFaults();

    server = await startServer();
    token = await signIn(server);
    const eventsUrl = `/api/orders/orderItems/${orderItemId}/events?$top=50`;
    const deadline = Date.now() + 30_000;
    let mine: Event[] = [];
    for (;;) {
      const events = await api<{ value: Event[] }>(server, token, eventsUrl);
      mine = events.json.value.filter((event) => event.notes.includes(`(request ${accepted.json.id})`));
      if (mine.some((event) => event.status === 'Succeeded')) break;
      if (Date.now() > deadline)
        throw new Error(`no Succeeded event in 30 s: ${JSON.stringify(mine)}\n${server.output()}`);
      await delay(250);
    }
    // Newest first, as the events card lists them.
    expect(mine.map((event) => event.status)).toEqual(['Succeeded', 'In Progress']);
    const atCarrier = await simulator.sim.requests('mobile-33');
    const changes = atCarrier.requests.filter((request) => request.idempotencyKey === String(accepted.json.id));
    expect(changes).toHaveLength(1);
    expect((await simulator.sim.haloLine(HALO_LINE)).serial_number.number).toBe(NEW_SIM);
    expect((await api(server, token, pendingUrl)).json).toEqual(pendingBefore);
  } finally {
    await kill(server);
  }
}, 240_000);
