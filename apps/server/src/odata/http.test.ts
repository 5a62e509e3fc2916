import { ApiErrorSchema, InvoiceSchema, ODATA_COUNT_KEY, ODataQuerySchema, odataList } from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.js';
import { installErrorHandler } from '../http/errors.js';
import { runODataList } from './apply.js';
import { invoicesResource, openDemoDatabase, scopedInvoices } from './test-fixtures.js';

// The list layer behind a route, the way list endpoints will use it: the contract's query schema, the one error
// handler, runODataList in the handler. A bare Fastify instance, so this does not depend on app.ts.

let handle: DatabaseHandle;
const app = Fastify().withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  handle = await openDemoDatabase();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.get(
    '/api/invoices',
    {
      schema: {
        querystring: ODataQuerySchema,
        // Rows hold the selected fields only, so every field is optional. The serializer drops keys a strict schema
        // does not name: a real route lists every selectable field (here the fixture's extra ones pass through).
        response: { 200: odataList(InvoiceSchema.partial().loose()) },
      },
    },
    async (request) =>
      runODataList({
        db: handle.db,
        baseQuery: scopedInvoices(handle.db, 1),
        resource: invoicesResource,
        options: request.query,
      }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle?.close();
});

const get = (query: string) => app.inject({ method: 'GET', url: `/api/invoices?${query}` });

describe('a list route built on runODataList', () => {
  it('answers the latest amount the way the spec asks for it', async () => {
    const response = await get('$select=InvoiceAmount&$top=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ value: [{ invoiceAmount: expect.any(Number) }] });
  });

  it('answers a cheap count', async () => {
    const response = await get('$count=true&$top=0');
    expect(response.json()).toEqual({ value: [], [ODATA_COUNT_KEY]: 24 });
  });

  it('answers a bad option with the one error shape, naming the option and the problem', async () => {
    const response = await get(`$top=500&$filter=${encodeURIComponent("calls eq 'x'")}`);
    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalid_odata',
      details: [
        { field: '$filter', rule: 'type' },
        { field: '$top', rule: 'max', message: '$top is 500; the most is 100' },
      ],
    });
  });

  it('answers only 200 or 400 to hostile query strings', async () => {
    const hostile = [
      "invoiceNumber eq ''' OR 1=1 --'",
      "contains(invoiceNumber, '%''; DROP TABLE invoices; --')",
      '('.repeat(40),
      'calls eq 99999999999999999999999999999999999999',
      'billDate eq 2026-02-30',
      "invoiceNumber eq 'a\u0000b'",
      'x'.repeat(2001),
      '',
      ' ',
      '%',
    ];
    for (const filter of hostile) {
      const response = await get(`$filter=${encodeURIComponent(filter)}&$count=true`);
      expect([200, 400]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json()[ODATA_COUNT_KEY]).toBeLessThanOrEqual(24);
    }
    for (const raw of ['%E0%A4%A', '%ED%A0%80', "invoiceNumber+eq+'%ED%A0%80'", '%FF%FE', '%00']) {
      const response = await app.inject({ method: 'GET', url: `/api/invoices?$filter=${raw}` });
      expect([200, 400]).toContain(response.statusCode);
    }
    const repeated = await get('$top=1&$top=2');
    expect(repeated.statusCode).toBe(400);
  });
});
