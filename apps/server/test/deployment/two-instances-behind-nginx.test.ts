import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diagnosticsGroup,
  MULTIPART_TYPE,
  multipartBody,
  pngImage,
  SLOW_SPEEDS,
} from '../fault-reports/fault-fixtures.js';
import { ACME, broadbandLine } from '../mobile-device/carrier-fixtures.js';
import { type BuiltServer, killBuiltServer, startBuiltServer } from '../support/built-server.js';
import { type CarrierSimulator, startCarrierSimulator } from '../support/carrier-simulator.js';
import { startNginx, type TestNginx } from '../support/nginx.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { DEMO_PASSWORD } from '../support/test-app.js';
import { appEngine, type TestDatabase } from '../support/test-databases.js';

/*
 * The deployment docs/operations.md describes, for real: two built server instances as processes on one PostgreSQL
 * database and one Redis, nginx in front. Nothing an instance keeps to itself may matter: a session begun on one
 * goes on on the other, failures count once across both, and work one accepts the other finishes.
 */

const ADDRESS_FREE_FAILURES = 20;
const HALO_LINE = '07100000000';
const NEW_SIM = '89466666666';

let database: TestDatabase;
let redis: TestRedisServer;
let simulator: CarrierSimulator;
let nginx: TestNginx;
const instances: BuiltServer[] = [];
const dataDirs: string[] = [];

/** An instance as production runs one behind nginx: its own DATA_DIR, the shared database, Redis and carriers. */
async function startInstance(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-instance-'));
  dataDirs.push(dataDir);
  if (!database.url) throw new Error('the instances need a PostgreSQL database');
  const instance = await startBuiltServer(dataDir, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SEED: 'none',
    CARRIER_SIM_URL: simulator.url,
    CARRIER_WORKER: 'on',
    CARRIER_WORKER_POLL_MS: '100',
    // Another instance takes over a dead one's claim once this lease runs out.
    CARRIER_WORKER_LEASE_MS: '3000',
    TRUST_PROXY: '127.0.0.1',
    ...env,
  });
  instances.push(instance);
  return instance;
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('two instances behind nginx on one PostgreSQL and one Redis', () => {
  let first: BuiltServer;
  let second: BuiltServer;

  beforeAll(async () => {
    [database, redis, simulator] = await Promise.all([
      appEngine().create('demo data'),
      startRedisServer(),
      startCarrierSimulator({ completionMs: 500 }),
    ]);
    // Neither has JWT_SECRET: both sign with the key kept in the database (decision 0195).
    [first, second] = await Promise.all([startInstance(), startInstance()]);
    nginx = await startNginx([first.baseUrl, second.baseUrl]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => killBuiltServer(instance)));
    await Promise.all([nginx?.stop(), redis?.stop(), simulator?.close(), database?.dispose()]);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('signs in through one instance and refreshes through the other', async () => {
    const login = await postForm(first.baseUrl, '/api/login', {
      username: 'acme.admin',
      password: DEMO_PASSWORD,
      cookiePolicyAccepted: 'true',
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: { access_token: string; refresh_token: string } };
    const profile = await fetch(`${second.baseUrl}/api/profiles/myFunctionality`, {
      headers: bearer(token.access_token),
    });
    expect(profile.status).toBe(200);

    const refreshed = await postForm(second.baseUrl, '/api/login/refresh', { refreshToken: token.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { token: { access_token: string; refresh_token: string } };
    // The first instance honours what the second issued, and the used refresh token is spent on both.
    expect(
      (await fetch(`${first.baseUrl}/api/profiles/myFunctionality`, { headers: bearer(next.token.access_token) }))
        .status,
    ).toBe(200);
    expect((await postForm(first.baseUrl, '/api/login/refresh', { refreshToken: token.refresh_token })).status).toBe(
      400,
    );
  });

  it('counts a client’s failures once across both instances, by the address nginx saw (TRUST_PROXY)', async () => {
    // Each failure through nginx goes to the next instance in turn: counted per instance, 21 would be about 10 each.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ADDRESS_FREE_FAILURES; attempt++) {
      statuses.push(await failSignInThroughNginx('127.0.0.2', attempt));
    }
    expect(statuses.slice(0, ADDRESS_FREE_FAILURES)).toEqual(Array(ADDRESS_FREE_FAILURES).fill(400));
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same nginx is not held back: the throttle saw each client's own address.
    expect(await failSignInThroughNginx('127.0.0.3', 0)).toBe(400);
  });

  it('finishes a SIM swap one instance accepted, after that instance is killed mid-send', async () => {
    const token = await accessToken(first.baseUrl);
    const lines = await getJson<{ value: Array<{ id: number }> }>(
      first.baseUrl,
      token,
      `/api/endpoints?$filter=${encodeURIComponent(`identifier eq '${HALO_LINE}'`)}&$select=id`,
    );
    const endpointId = lines.value[0]?.id;
    const { orderItemId } = await getJson<{ orderItemId: number }>(
      first.baseUrl,
      token,
      `/api/contracts/cli/${HALO_LINE}`,
    );
    const accepted = await fetch(`${first.baseUrl}/api/mobileHalo/simswap/${endpointId}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ serialNumber: NEW_SIM, orderItemId }),
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as { id: number };
    // From now on the carrier does what it is asked at once but holds its answer back, so the instance sending the
    // swap (its worker polls every 0.1 s) dies before it hears the answer.
    await simulator.setFault('mobile-33', { mode: 'late', latencyMs: 2_500 });
    await expect.poll(async () => (await simulator.requests('mobile-33')).received, { timeout: 10_000 }).toBe(1);
    await killBuiltServer(first);
    await simulator.clearFaults();

    const survivorToken = await accessToken(second.baseUrl);
    const eventsUrl = `/api/orders/orderItems/${orderItemId}/events?$top=50`;
    const mine = async () =>
      (
        await getJson<{ value: Array<{ status: string; notes: string }> }>(second.baseUrl, survivorToken, eventsUrl)
      ).value
        .filter((event) => event.notes.includes(`(request ${id})`))
        .map((event) => event.status);
    await expect.poll(mine, { timeout: 30_000, interval: 250 }).toEqual(['Succeeded', 'In Progress']);
    const atCarrier = await simulator.requests('mobile-33');
    expect(atCarrier.requests.filter((sent) => sent.idempotencyKey === String(id))).toHaveLength(1);
    expect((await simulator.haloLine(HALO_LINE)).serial_number.number).toBe(NEW_SIM);
  }, 60_000);

  it('raises with the carrier, from the other instance’s worker, a fault report uploaded through one without a worker', async () => {
    // An instance that only answers requests: what it stores must reach a worker on another machine.
    const apiOnly = await startInstance({ CARRIER_WORKER: 'off' });
    const db = database.handle.db;
    const line = await broadbandLine(db, ACME, 494, { nth: 2 });
    const png = pngImage(24, 12);
    const body = Buffer.concat(await multipartBody(SLOW_SPEEDS, [{ name: 'tracert.png', bytes: png }]).toArray());
    const groupId = await diagnosticsGroup(db, line);
    const uploaded = await fetch(
      `${apiOnly.baseUrl}/api/broadbandKeystone/${line.orderItemId}/reportFault?groupId=${groupId}`,
      {
        method: 'POST',
        headers: { ...bearer(await accessToken(apiOnly.baseUrl)), 'content-type': MULTIPART_TYPE },
        body,
      },
    );
    expect(uploaded.status).toBe(202);
    const { id } = (await uploaded.json()) as { id: number };
    const { carrier_request_id } = await db
      .selectFrom('fault_reports')
      .select('carrier_request_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const raised = async () =>
      (await simulator.faultReports('broadband-494')).faults.find(
        (fault) => fault.clientKey === String(carrier_request_id),
      )?.attachments;
    await expect
      .poll(raised, { timeout: 20_000, interval: 200 })
      .toEqual([
        expect.objectContaining({ bytes: png.length, sha256: createHash('sha256').update(png).digest('hex') }),
      ]);
  }, 60_000);
});

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

function postForm(baseUrl: string, url: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

async function accessToken(baseUrl: string, username = 'acme.admin'): Promise<string> {
  const login = await postForm(baseUrl, '/api/login', {
    username,
    password: DEMO_PASSWORD,
    cookiePolicyAccepted: 'true',
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return ((await login.json()) as { token: { access_token: string } }).token.access_token;
}

async function getJson<T>(baseUrl: string, token: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: bearer(token) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** A failed sign-in through nginx from a local address of the test's choosing (loopback answers all of 127/8). */
function failSignInThroughNginx(localAddress: string, attempt: number): Promise<number> {
  const body = new URLSearchParams({
    username: `nobody.${randomBytes(4).toString('hex')}.${attempt}`,
    password: 'Wrong-Password-1',
    cookiePolicyAccepted: 'true',
  }).toString();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${nginx.url}/api/login`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
