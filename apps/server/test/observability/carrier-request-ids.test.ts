import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, carrierLine, TEST_CARRIER_TIMINGS } from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

// Request ids reach the carriers (docs/decisions/0199): a read made while answering a request carries its id as
// X-Request-Id, and so does the send the worker makes later for a stored request, with the id of the request that
// placed it. The portal talks to the real simulator through a small proxy that notes what each call carried.

type Seen = { method: string; path: string; requestId: string | undefined };

const simulator = useCarrierSimulator();
const seen: Seen[] = [];
let proxy: Server | undefined;
let proxyUrl = '';

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  proxy = createServer(async (request, response) => {
    const header = request.headers['x-request-id'];
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      requestId: typeof header === 'string' ? header : undefined,
    });
    const payload = await body(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    const answer = await fetch(`${simulator.sim.url}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(payload.length > 0 ? { body: payload } : {}),
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.close();
});

const context = useDemoApp(() => ({ CARRIER_SIM_URL: proxyUrl }), { carrierTimings: TEST_CARRIER_TIMINGS });

describe('request ids to the carriers', () => {
  it("a carrier read carries the id of the request it answers, the caller's own or the one the server gave", async () => {
    const token = (await signIn(context.app, 'acme.admin')).accessToken;
    const line = await carrierLine(context.database.db, ACME, [33]);
    const url = `/api/mobileHalo/${line.endpointId}`;

    seen.length = 0;
    const traced = await context.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), 'x-request-id': 'lb-read-42' },
    });
    expect(traced.statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((call) => call.requestId === 'lb-read-42')).toBe(true);

    seen.length = 0;
    const minted = await context.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(minted.statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((call) => call.requestId === minted.headers['x-request-id'])).toBe(true);
  });

  it('a stored request keeps the id of the request that placed it, and the worker sends it to the carrier', async () => {
    const token = (await signIn(context.app, 'acme.admin')).accessToken;
    const line = await carrierLine(context.database.db, ACME, [33], 1);
    seen.length = 0;
    // Over a real connection, where the body arrives in the socket's events rather than with the request.
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/mobileHalo/simswap/${line.endpointId}`, {
      method: 'POST',
      headers: { ...bearer(token), 'x-request-id': 'lb-swap-7', 'content-type': 'application/json' },
      body: JSON.stringify({ serialNumber: '89441234567', orderItemId: line.orderItemId }),
    });
    const placed = { statusCode: response.status, body: await response.text() };
    expect(placed.statusCode, placed.body).toBe(202);
    // The check of the new SIM reads the line at the carrier: after the body was read, still in the request's context.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((call) => call.requestId === 'lb-swap-7')).toBe(true);
    const stored = await context.database.db
      .selectFrom('carrier_requests')
      .select('request_id')
      .where('id', '=', (JSON.parse(placed.body) as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(stored.request_id).toBe('lb-swap-7');

    seen.length = 0;
    await context.app.carrierWorker.runOnce();
    const sends = seen.filter((call) => call.method === 'POST');
    expect(sends.length).toBeGreaterThan(0);
    expect(sends.every((call) => call.requestId === 'lb-swap-7')).toBe(true);
  });

  it('a call made outside any request carries no id', async () => {
    seen.length = 0;
    await context.app.carriers.halo.simRule();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((call) => call.requestId === undefined)).toBe(true);
  });
});
