import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuiltServer, killBuiltServer, signInTo, startBuiltServer } from '../support/built-server.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';

// A server killed while it is sending a SIM swap loses nothing and changes the line once (decisions 0009, 0080,
// 0088). The real built server runs as a child process over a data folder that outlives it; it is SIGKILLed after
// the carrier took the change but before its answer arrived, and started again on the same folder.

const HALO_LINE = '07100000000';
const NEW_SIM = '89455555555';

const simulator = useCarrierSimulator({ completionMs: 500 });
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-carrier-crash-'));
}, 120_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type Server = BuiltServer;

const startServer = () =>
  startBuiltServer(dataDir, {
    CARRIER_SIM_URL: simulator.sim.url,
    CARRIER_WORKER: 'on',
    CARRIER_WORKER_POLL_MS: '100',
    // The restarted server takes over the killed one's claim once this lease runs out.
    CARRIER_WORKER_LEASE_MS: '3000',
  });
const kill = killBuiltServer;

async function api<T>(server: Server, token: string, url: string, body?: object): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as T };
}

const signIn = (server: Server) => signInTo(server);

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

    const accepted = await api<{ id: number; status: string }>(server, token, `/api/mobileHalo/simswap/${endpointId}`, {
      serialNumber: NEW_SIM,
      orderItemId,
    });
    expect(accepted.status).toBe(202);
    // From now on the carrier does what it is asked at once but holds its answer back 2.5 s: the worker's send,
    // which starts within a poll (0.1 s), has changed the line, and the server dies before it hears so.
    await simulator.sim.setFault('mobile-33', { mode: 'late', latencyMs: 2_500 });
    await delay(1_000);
    await kill(server);
    const beforeRestart = await simulator.sim.requests('mobile-33');
    expect(beforeRestart.requests.map((request) => request.idempotencyKey)).toEqual([String(accepted.json.id)]);
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
    // Sent again after the restart (the first answer never arrived), and changed once.
    expect(atCarrier.received).toBe(2);
    expect(changes).toHaveLength(1);
    expect((await simulator.sim.haloLine(HALO_LINE)).serial_number.number).toBe(NEW_SIM);
    expect((await api(server, token, pendingUrl)).json).toEqual(pendingBefore);
  } finally {
    await kill(server);
  }
}, 240_000);
