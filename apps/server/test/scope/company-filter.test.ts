import { COMPANY_FILTER_HEADER } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

// docs/decisions/0075-one-company-filter-for-the-whole-portal.md
const context = useDemoApp();
const companyIds = new Map<string, number>();

beforeAll(async () => {
  const rows = await context.database.db.selectFrom('companies').select(['id', 'name']).execute();
  for (const row of rows) companyIds.set(row.name, row.id);
});

function idOf(name: string): number {
  const id = companyIds.get(name);
  if (id === undefined) throw new Error(`no demo company ${name}`);
  return id;
}

async function getAs(userName: string, url: string, company?: number | string) {
  const headers = {
    ...bearer((await signIn(context.app, userName)).accessToken),
    ...(company === undefined ? {} : { [COMPANY_FILTER_HEADER]: String(company) }),
  };
  return context.app.inject({ method: 'GET', url, headers });
}

const PAGE = 100;
const HOLDINGS = 'Initech Holdings Ltd';
const FIELD_SERVICES = 'Initech Field Services Ltd';

/** What a list answers, as sorted keys, with and without the filter to each of multi.admin's companies. */
async function splitByCompany(url: string, key: (row: Record<string, unknown>) => string) {
  const keysOf = async (company?: number) => {
    const keys: string[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const answer = await getAs('multi.admin', `${url}?$top=${PAGE}&$skip=${skip}`, company);
      expect(answer.statusCode).toBe(200);
      const rows = answer.json().value as Array<Record<string, unknown>>;
      keys.push(...rows.map(key));
      if (rows.length < PAGE) return keys.sort();
    }
  };
  return {
    whole: await keysOf(),
    holdings: await keysOf(idOf(HOLDINGS)),
    fieldServices: await keysOf(idOf(FIELD_SERVICES)),
  };
}

describe('the company filter header', () => {
  it.each([
    ['bills', '/api/invoices', (row: Record<string, unknown>) => String(row.invoiceNumber)],
    ['mobile orders', '/api/orders/mobile', (row: Record<string, unknown>) => String(row.orderId)],
    ['broadband orders', '/api/orders/broadband', (row: Record<string, unknown>) => String(row.orderId)],
    ['mobile devices', '/api/endpoints/mobileHandset/user', (row: Record<string, unknown>) => String(row.id)],
    [
      'broadband contracts',
      '/api/endpoints/broadbandConnection/user',
      (row: Record<string, unknown>) => String(row.id),
    ],
  ])('splits %s between the companies: each row in exactly one of them', async (_name, url, key) => {
    const { whole, holdings, fieldServices } = await splitByCompany(url, key);
    expect(holdings.length).toBeGreaterThan(0);
    expect(fieldServices.length).toBeGreaterThan(0);
    expect([...holdings, ...fieldServices].sort()).toEqual(whole);
  });

  it('narrows figures too: the two companies’ unbilled calls and chart bars add up to the whole', async () => {
    const calls = async (company?: number) =>
      (await getAs('multi.admin', '/api/invoices/unbilledCalls', company)).json().value as number;
    expect((await calls(idOf(HOLDINGS))) + (await calls(idOf(FIELD_SERVICES)))).toBe(await calls());

    const total = async (company?: number) => {
      const points = (await getAs('multi.admin', '/api/invoices/costChart', company)).json().value as Array<{
        value: number;
      }>;
      return Math.round(points.reduce((sum, point) => sum + point.value * 100, 0));
    };
    const holdings = await total(idOf(HOLDINGS));
    expect(holdings).toBeGreaterThan(0);
    expect(holdings).toBeLessThan(await total());
  });

  it('leaves the company names whole: the list the filter is chosen from', async () => {
    const names = await getAs('multi.admin', '/api/companies/names', idOf(HOLDINGS));
    expect(names.json().value.map((company: { name: string }) => company.name)).toEqual([FIELD_SERVICES, HOLDINGS]);
    const listed = await getAs('multi.admin', '/api/companies', idOf(HOLDINGS));
    expect(listed.json().value.map((company: { name: string }) => company.name)).toEqual([HOLDINGS]);
  });

  it('answers 404 for a company outside the caller’s estate, and 400 naming the header for a non-id', async () => {
    const foreign = await getAs('multi.admin', '/api/invoices', idOf('Acme Logistics Ltd'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('invoiceNumber');
    for (const bad of ['abc', '0', '01', '-1', '1e3', '99999999999']) {
      const answer = await getAs('multi.admin', '/api/invoices', bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().details, bad).toEqual([
        expect.objectContaining({ field: COMPANY_FILTER_HEADER, rule: 'company id' }),
      ]);
    }
  });

  it('changes nothing for a caller narrowed to the one company they have, at any level', async () => {
    const acme = idOf('Acme Logistics Ltd');
    for (const userName of ['acme.admin', 'acme.sitemanager', 'acme.teamlead', 'acme.mobile']) {
      for (const url of ['/api/companies?$select=id,name', '/api/endpoints/mobileHandset/user?$top=100&$select=id']) {
        const [narrowed, whole] = [await getAs(userName, url, acme), await getAs(userName, url)];
        expect(narrowed.statusCode, `${userName} ${url}`).toBe(whole.statusCode);
        expect(narrowed.json().value, `${userName} ${url}`).toEqual(whole.json().value);
      }
    }
  });

  it('is listed in the API reference on the endpoints it narrows', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const headersOf = (path: string) =>
      (document.paths[path].get.parameters as Array<{ in: string; name: string }>)
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
    expect(headersOf('/api/invoices')).toContain(COMPANY_FILTER_HEADER);
    expect(headersOf('/api/companies')).toContain(COMPANY_FILTER_HEADER);
    expect(document.paths['/api/companies/names'].get.parameters ?? []).toEqual([]);
  });
});
