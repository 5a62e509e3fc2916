import { operation } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { registerOperation } from '../../src/modules/operation-routes.js';
import { buildTestApp, form, openTestDatabase } from '../support/test-app.js';

// The sign-in throttle counts failures per client address (docs/decisions/0010). Which address that is depends on
// TRUST_PROXY: off, the connection's peer, whatever X-Forwarded-For claims; on, the address the trusted proxy saw.
const ADDRESS_FREE_FAILURES = 20;
const PROXY = '127.0.0.1';

// One database for the file; each test builds its own app over it, so each has a throttle of its own.
let database: DatabaseHandle;
let app: App | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(env: Record<string, string>): Promise<App> {
  app = await buildTestApp(database, env);
  return app;
}

/** A failed sign-in under a fresh username each time, so only the address's count can hold it back. */
function failSignIn(app: App, attempt: number, forwardedFor?: string) {
  const body = form({ username: `nobody.${attempt}`, password: 'Wrong-Password-1', cookiePolicyAccepted: 'true' });
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: PROXY,
    payload: body.payload,
    headers: { ...body.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
}

describe('the client address behind a proxy', () => {
  it('is the connection’s when TRUST_PROXY is unset: a forged X-Forwarded-For does not dodge the throttle', async () => {
    const app = await appWith({});
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ADDRESS_FREE_FAILURES; attempt++) {
      statuses.push((await failSignIn(app, attempt, `203.0.113.${attempt + 1}`)).statusCode);
    }
    expect(statuses.slice(0, ADDRESS_FREE_FAILURES)).toEqual(Array(ADDRESS_FREE_FAILURES).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });

  it('is the forwarded one when the proxy is trusted: different clients count separately', async () => {
    const app = await appWith({ TRUST_PROXY: PROXY });
    for (let attempt = 0; attempt <= ADDRESS_FREE_FAILURES + 5; attempt++) {
      expect((await failSignIn(app, attempt, `203.0.113.${attempt + 1}`)).statusCode).toBe(400);
    }
    // One client behind the proxy is still held back after its own free failures.
    const statuses: number[] = [];
    for (let attempt = 100; attempt <= 100 + ADDRESS_FREE_FAILURES; attempt++) {
      statuses.push((await failSignIn(app, attempt, '198.51.100.7')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, ADDRESS_FREE_FAILURES)).toEqual(Array(ADDRESS_FREE_FAILURES).fill(400));
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ADDRESS_FREE_FAILURES; attempt++) {
      statuses.push((await failSignIn(app, attempt, `203.0.113.${attempt + 1}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

const clientAddress = operation({
  method: 'GET',
  path: '/api/test/client-address',
  summary: 'The client address the server sees',
  access: 'public',
  response: z.object({ ip: z.string() }),
});

describe('TRUST_PROXY values', () => {
  it.each([
    [undefined, '127.0.0.1'],
    ['false', '127.0.0.1'],
    ['true', '203.0.113.9'],
    ['1', '192.0.2.1'],
    ['2', '203.0.113.9'],
    [PROXY, '192.0.2.1'],
    [`${PROXY},192.0.2.0/24`, '203.0.113.9'],
    ['10.0.0.0/8', '127.0.0.1'],
  ])('TRUST_PROXY=%s makes the client %s', async (value, client) => {
    const app = await appWith(value === undefined ? {} : { TRUST_PROXY: value });
    registerOperation(app, clientAddress, async ({ request }) => ({ ip: request.ip }));
    const answer = await app.inject({
      method: 'GET',
      url: '/api/test/client-address',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.9, 192.0.2.1' },
    });
    expect(answer.json()).toEqual({ ip: client });
  });
});
