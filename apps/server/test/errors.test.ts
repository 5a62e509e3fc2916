import { ApiErrorSchema, operation } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connection.js';
import { HttpError, notFound } from '../src/http/errors.js';
import { registerOperation } from '../src/modules/operation-routes.js';
import { buildTestApp, openTestDatabase } from './support/test-app.js';

const SECRET = 'connection string postgres://admin:hunter2@db';

describe('error responses', () => {
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
    const contacts = operation({
      method: 'POST',
      path: '/api/test/contacts',
      summary: 'test',
      access: 'public',
      body: z.object({
        name: z.string().min(1).max(100),
        address: z.object({ postCode: z.string().max(10) }),
      }),
      response: z.object({ received: z.string() }),
    });
    registerOperation(app, contacts, async ({ body }) => ({ received: body.name }));
    const failing = (path: string, error: Error) =>
      registerOperation(
        app,
        operation({ method: 'GET', path, summary: 'test', access: 'public', response: z.object({}) }),
        async () => {
          throw error;
        },
      );
    failing('/api/test/boom', new Error(SECRET));
    failing('/api/test/missing-site', notFound('Site 42 not found', { code: 'site_not_found' }));
    failing(
      '/api/test/conflict',
      new HttpError(409, 'Name already taken', {
        details: [{ field: 'name', rule: 'unique', message: 'Name already taken' }],
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an unknown /api path with the JSON 404 shape and the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = ApiErrorSchema.strict().parse(response.json());
    expect(body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
      code: 'not_found',
      requestId: response.headers['x-request-id'],
    });
    expect(body.requestId).toBeTruthy();
  });

  it('answers unknown paths outside /api with the JSON 404 too when no web build is served', async () => {
    const response = await app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).statusCode).toBe(404);
  });

  it('answers a malformed JSON body with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/contacts',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Acme",',
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.strict().parse(response.json())).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalid_json',
      requestId: response.headers['x-request-id'],
    });
  });

  it('names every failing field, rule and message when validation fails', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/contacts',
      payload: { name: '', address: { postCode: 'WAY TOO LONG POSTCODE' } },
    });
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.strict().parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation_failed' });
    expect(body.details).toEqual([
      { field: 'name', rule: 'too_small', message: expect.any(String) },
      { field: 'address.postCode', rule: 'too_big', message: expect.any(String) },
    ]);
  });

  it('names the request part when the whole body is missing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/contacts' });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).details).toEqual([
      { field: 'body', rule: 'invalid_type', message: expect.any(String) },
    ]);
  });

  it('hides the internals of a 5xx: no stack, no internal message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(ApiErrorSchema.strict().parse(response.json())).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
    expect(response.body).not.toContain('errors.test');
  });

  it('passes a deliberate HttpError through with its code and details', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/test/missing-site' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Site 42 not found', code: 'site_not_found' });

    const conflict = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(conflict.json())).toMatchObject({
      error: 'Conflict',
      details: [{ field: 'name', rule: 'unique', message: 'Name already taken' }],
    });
  });

  it('marks /api answers, errors included, as not storable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates) with a 400 naming the field', async () => {
    for (const name of ['a\u0000b', 'a\udc00b']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/contacts',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":${JSON.stringify(name)},"address":{"postCode":"M1 1AA"}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ field: 'name', rule: 'unicode' })]);
    }
  });
});
