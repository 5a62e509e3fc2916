import { CompanySchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
let acmeId = 0;
beforeAll(async () => {
  acmeId = (
    await context.database.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Acme Logistics Ltd')
      .executeTakeFirstOrThrow()
  ).id;
});

async function getAs(userName: string | null, url: string) {
  const headers = userName ? bearer((await signIn(context.app, userName)).accessToken) : {};
  return context.app.inject({ method: 'GET', url, headers });
}

describe('/api/companies', () => {
  it('names: the companies of the caller’s estate', async () => {
    expect((await getAs(null, '/api/companies/names')).statusCode).toBe(401);
    expect(
      (await getAs('multi.admin', '/api/companies/names')).json().value.map((c: { name: string }) => c.name),
    ).toEqual(['Initech Field Services Ltd', 'Initech Holdings Ltd']);
    expect((await getAs('acme.mobile', '/api/companies/names')).json()).toEqual({
      value: [{ id: acmeId, name: 'Acme Logistics Ltd' }],
    });
  });

  it('by id: the company with its addresses, 404 outside the estate, 400 for a bad id', async () => {
    const acme = CompanySchema.parse((await getAs('acme.admin', `/api/companies/${acmeId}`)).json());
    expect(acme.name).toBe('Acme Logistics Ltd');
    expect(acme.addresses).toHaveLength(4);
    expect((await getAs('globex.admin', `/api/companies/${acmeId}`)).statusCode).toBe(404);
    expect((await getAs('globex.admin', '/api/companies/999999')).statusCode).toBe(404);
    const bad = await getAs('acme.admin', '/api/companies/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'id' })]);
  });

  it('addresses: need ManageSite, and stay inside the estate', async () => {
    expect((await getAs(null, `/api/companies/${acmeId}/addresses`)).statusCode).toBe(401);
    expect((await getAs('acme.finance', `/api/companies/${acmeId}/addresses`)).statusCode).toBe(403);
    expect((await getAs('acme.admin', `/api/companies/${acmeId}/addresses`)).json().value).toHaveLength(4);
    expect((await getAs('globex.admin', `/api/companies/${acmeId}/addresses`)).statusCode).toBe(404);
  });
});

// docs/decisions/0048-company-addresses-need-manage-site.md: one rule for all three ways to read addresses.
describe('company addresses', () => {
  it('are read only with ManageSite, by id, as a list or as an expansion', async () => {
    const byAdmin = await getAs('acme.admin', `/api/companies/${acmeId}`);
    expect(CompanySchema.parse(byAdmin.json()).addresses).toHaveLength(4);
    const byFinance = await getAs('acme.finance', `/api/companies/${acmeId}`);
    expect(byFinance.statusCode).toBe(200);
    expect(byFinance.json()).toEqual({ id: acmeId, name: 'Acme Logistics Ltd' });

    const expanded = await getAs('acme.admin', '/api/companies?$expand=addresses');
    expect(expanded.statusCode).toBe(200);
    expect(expanded.json().value[0].addresses).toHaveLength(4);
    const refused = await getAs('acme.finance', '/api/companies?$expand=addresses');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'missing_functionality' });
    expect(refused.body).not.toContain('town');
    const plain = await getAs('acme.finance', '/api/companies?$select=id,name');
    expect(plain.json().value).toEqual([{ id: acmeId, name: 'Acme Logistics Ltd' }]);

    expect((await getAs('acme.finance', `/api/companies/${acmeId}/addresses`)).statusCode).toBe(403);
    expect((await getAs('acme.admin', `/api/companies/${acmeId}/addresses`)).json().value).toHaveLength(4);
  });
});
