import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
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
  'POST /api/login/refresh',
  'POST /api/login/revoke',
  'POST /api/login/forgotPassword',
  'POST /api/login/changePassword',
  'GET /api/partners/current',
  'GET /api/messages',
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
    expect(operations.length).toBeGreaterThan(20);
  });

  it('answers 401 to a caller without a token, or with an expired one, unless public on purpose', async () => {
    const guarded = operations.filter((op) => op.path.startsWith('/api/') && !PUBLIC.has(`${op.method} ${op.path}`));
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
    app.get('/api/test/chart', { config: { access: 'signed-in', dashToken: true } }, async () => ({ ok: true }));
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

  it('stop the server from starting when an /api route declares none', async () => {
    const database = await openTestDatabase();
    try {
      const app = await buildApp(testConfig(), { database });
      expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no access/);
      await app.close();
    } finally {
      await database.close();
    }
  });
});
