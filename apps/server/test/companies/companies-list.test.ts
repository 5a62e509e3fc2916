import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { companiesResource } from '../../src/modules/companies/resource.js';
import { broken, filterTree, formatOrder, orderBy, type Row } from '../../src/odata/fuzz-arbitraries.js';
import { formatFilter } from '../../src/odata/parser.js';
import type { AnyODataResource } from '../../src/odata/resource.js';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
let token = '';
let initechIds = new Set<number>();
let everyCompany: Row[] = [];

beforeAll(async () => {
  token = (await signIn(context.app, 'multi.admin')).accessToken;
  const companies = await context.database.db
    .selectFrom('companies')
    .select(['id', 'name', 'account_number as accountNumber', 'created_at as createdDate'])
    .execute();
  // Values to build filters from include other companies', so a filter aimed outside the estate gets tried.
  everyCompany = companies.map((c) => ({ ...c, createdDate: c.createdDate.toISOString() }));
  initechIds = new Set(companies.filter((c) => c.name.startsWith('Initech')).map((c) => c.id));
});

const list = (query: Record<string, string>, authorization = token) =>
  context.app.inject({ method: 'GET', url: '/api/companies', query, headers: bearer(authorization) });

describe('GET /api/companies (OData)', () => {
  it('needs sign-in', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
  });

  it('lists the estate’s companies, with count, select, order and the addresses expansion', async () => {
    const all = await list({ $count: 'true', $orderby: 'name desc', $select: 'id,name', $expand: 'addresses' });
    expect(all.statusCode).toBe(200);
    const body = all.json<{
      value: Array<{ id: number; name: string; addresses: unknown[] }>;
      '@odata.count': number;
    }>();
    expect(body['@odata.count']).toBe(2);
    expect(body.value.map((c) => c.name)).toEqual(['Initech Holdings Ltd', 'Initech Field Services Ltd']);
    expect(body.value[0]?.addresses.length).toBeGreaterThan(0);
    expect(Object.keys(body.value[0] ?? {}).sort()).toEqual(['addresses', 'id', 'name']);

    const cheapCount = await list({ $count: 'true', $top: '0' });
    expect(cheapCount.json()).toEqual({ value: [], '@odata.count': 2 });
  });

  it('filters inside the estate only, however the filter is written', async () => {
    const attempt = await list({ $filter: "name eq 'Acme Logistics Ltd' or id gt 0" });
    const ids = attempt.json<{ value: Array<{ id: number }> }>().value.map((c) => c.id);
    expect(ids.every((id) => initechIds.has(id))).toBe(true);
    const field = await list({ $filter: "startswith(name, 'initech f')" });
    expect(field.json<{ value: Array<{ name: string }> }>().value.map((c) => c.name)).toEqual([
      'Initech Field Services Ltd',
    ]);
  });

  it('answers 400 naming the option and the problem', async () => {
    const tooMany = await list({ $top: '101' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([expect.objectContaining({ field: '$top', rule: 'max' })]);
    const unknown = await list({ $filter: "password eq 'x'" });
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: '$filter', rule: 'unknown_field' })]);
    const malformed = await list({ $orderby: 'name sideways' });
    expect(malformed.statusCode).toBe(400);
  });

  // The grammar's depth is src/odata/fuzz.test.ts's, on the parser and the database; this is the same generators
  // through HTTP, the estate scope and the text guard at the door, where a few thousand cover every outcome.
  it('survives 2,000 generated $filter/$orderby strings: only 200 or 400, never a row outside the estate', async () => {
    const resource = companiesResource as unknown as AnyODataResource<never>;
    const validFilter = filterTree(resource, everyCompany).map(formatFilter);
    const validOrder = orderBy(resource).map(formatOrder);
    const query = fc.oneof(
      validFilter.map((f) => ({ $filter: f })),
      broken(resource, validFilter).map((f) => ({ $filter: f })),
      validOrder.map((o) => ({ $orderby: o })),
      broken(resource, validOrder).map((o) => ({ $orderby: o })),
      fc.tuple(validFilter, validOrder).map(([f, o]) => ({ $filter: f, $orderby: o })),
    );
    const statuses = { 200: 0, 400: 0 };
    await fc.assert(
      fc.asyncProperty(query, async (options) => {
        const response = await list(options);
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 400) {
          statuses[400]++;
          // Refused by the list layer, or at the door when the text is not even storable.
          expect(['invalid_odata', 'invalid_text']).toContain(response.json().code);
          return;
        }
        statuses[200]++;
        for (const company of response.json<{ value: Array<{ id: number }> }>().value) {
          expect(initechIds.has(company.id)).toBe(true);
        }
      }),
      { numRuns: 2_000, seed: 20_261_121 },
    );
    // Both kinds really happened: the generator is not only making errors, nor only valid text.
    expect(statuses[200]).toBeGreaterThan(400);
    expect(statuses[400]).toBeGreaterThan(400);
  }, 300_000);
});
