import { OPERATION_LIST, operation } from '@portal/contract';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { registerOperation, requireEveryOperationRegistered } from '../../src/modules/operation-routes.js';
import {
  bearer,
  buildTestApp,
  expiredAccessToken,
  openTestDatabase,
  signIn,
  testConfig,
  useDemoApp,
} from '../support/test-app.js';

const context = useDemoApp();

/** The routes that are public on purpose; everything else under /api must refuse a caller without a valid token. */
const PUBLIC = new Set([
  'POST /api/login',
  // The second step of a sign-in: authenticated by its challenge, which only a right password gets (decision 0207).
  'POST /api/login/secondStep',
  // Setting up an authenticator app as that second step, by the same challenge (decision 0210).
  'POST /api/login/secondStep/authenticator',
  'POST /api/login/secondStep/authenticator/confirm',
  'POST /api/login/refresh',
  'POST /api/login/revoke',
  'POST /api/login/forgotPassword',
  'POST /api/login/changePassword',
  'POST /api/login/sso',
  'POST /api/login/sso/callback',
  // A passkey's second step (after a right password) and a passkey alone, each proved by its signature (0209).
  'POST /api/login/secondStep/passkey',
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  'GET /api/partners/current',
  // A partner's uploaded logo, which its sign-in page shows (decision 0218).
  'GET /api/partners/logos/:logoId',
  'GET /api/messages',
  'GET /api/openapi.json',
  'GET /health',
  'GET /ready',
]);

type Operation = { method: string; path: string };
let operations: Operation[] = [];
let expiredToken = '';

beforeAll(async () => {
  const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  expiredToken = await expiredAccessToken(context.app, await signIn(context.app, 'acme.admin'));
});

describe('every API route', () => {
  it('is in the OpenAPI document', () => {
    const listed = new Set(operations.map((op) => `${op.method} ${op.path}`));
    for (const { operation: e } of OPERATION_LIST) {
      if (!e.unlisted) expect(listed, e.path).toContain(`${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    }
  });

  it('is public exactly when the table says it is public on purpose', () => {
    const declaredPublic = OPERATION_LIST.filter(({ operation: e }) => e.access === 'public').map(
      ({ operation: e }) => `${e.method} ${e.path}`,
    );
    expect(new Set(declaredPublic)).toEqual(PUBLIC);
  });

  it('answers 401 to a caller without a token, or with an expired one, unless public on purpose', async () => {
    // The document writes parameters as {name}, the table as :name.
    const declared = (op: Operation) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
    const guarded = operations.filter((op) => op.path.startsWith('/api/') && !PUBLIC.has(declared(op)));
    expect(guarded.length).toBeGreaterThan(15);
    for (const op of guarded) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      for (const headers of [{}, bearer(expiredToken)]) {
        const response = await context.app.inject({ method: op.method as 'GET', url, headers });
        expect(response.statusCode, `${op.method} ${op.path}`).toBe(401);
      }
    }
  });
});

describe('route access declarations', () => {
  it('make analytics routes need the dash token of the same session too', async () => {
    const app = await buildTestApp(context.database);
    const chart = operation({
      method: 'GET',
      path: '/api/test/chart',
      summary: 'a test chart',
      access: 'signed-in',
      dashToken: true,
      response: z.object({ ok: z.boolean() }),
    });
    registerOperation(app, chart, async () => ({ ok: true }));
    try {
      const session = await signIn(app, 'acme.admin');
      const other = await signIn(app, 'acme.admin');
      const call = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/test/chart', headers });
      expect((await call(bearer(session.accessToken))).statusCode).toBe(401);
      expect(
        (await call({ ...bearer(session.accessToken), 'dash-authorization': `Bearer ${other.dashToken}` })).statusCode,
      ).toBe(401);
      expect(
        (await call({ ...bearer(session.accessToken), 'dash-authorization': `Bearer ${session.accessToken}` }))
          .statusCode,
      ).toBe(401);
      expect(
        (await call({ ...bearer(session.accessToken), 'dash-authorization': `Bearer ${session.dashToken}` })).json(),
      ).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('stop the server from starting when an operation of the table is not registered', async () => {
    const bare = Fastify();
    requireEveryOperationRegistered(bare);
    await expect(bare.ready()).rejects.toThrow(/not registered: .*orders\.items/);
    await bare.close();
  });

  it('stop the server from starting when an /api route is not from the operation table', async () => {
    const database = await openTestDatabase();
    try {
      const app = await buildApp(testConfig(), { database });
      expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/not from the contract's operation table/);
      await app.close();
    } finally {
      await database.close();
    }
  });
});
