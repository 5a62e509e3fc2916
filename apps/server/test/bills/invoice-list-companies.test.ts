import { InvoiceSchema, odataList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type ListBody, useSessions } from '../orders/api-calls.js';
import { useDemoApp } from '../support/test-app.js';

// Every bill row names its company (decision 0056), so a caller with several companies can tell them apart.

const context = useDemoApp();
const get = useSessions(context, ['multi.admin', 'globex.admin', 'acme.finance']);
const Invoices = odataList(InvoiceSchema);

async function companyOf(name: string): Promise<{ id: number; name: string }> {
  return context.database.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

async function invoiceCount(companyId: number): Promise<number> {
  const row = await context.database.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('GET /api/invoices company fields', () => {
  it('gives every row its companyId and companyName; a caller with two companies sees both', async () => {
    const holdings = await companyOf('Initech Holdings Ltd');
    const field = await companyOf('Initech Field Services Ltd');
    const response = await get('multi.admin', '/api/invoices', { $top: '100', $count: 'true' });
    expect(response.statusCode).toBe(200);
    const body = Invoices.parse(response.json());
    expect(body['@odata.count']).toBe((await invoiceCount(holdings.id)) + (await invoiceCount(field.id)));
    const companies = new Map(body.value.map((invoice) => [invoice.companyId, invoice.companyName]));
    expect(companies).toEqual(
      new Map([
        [holdings.id, holdings.name],
        [field.id, field.name],
      ]),
    );
  });

  it('selects, filters and sorts on companyId and companyName', async () => {
    const holdings = await companyOf('Initech Holdings Ltd');
    const field = await companyOf('Initech Field Services Ltd');

    const selected = (
      await get('multi.admin', '/api/invoices', { $select: 'invoiceNumber,companyId,companyName', $top: '3' })
    ).json<ListBody>();
    for (const row of selected.value)
      expect(Object.keys(row).sort()).toEqual(['companyId', 'companyName', 'invoiceNumber']);

    const byId = (
      await get('multi.admin', '/api/invoices', { $filter: `companyId eq ${field.id}`, $count: 'true', $top: '100' })
    ).json<ListBody>();
    expect(byId['@odata.count']).toBe(await invoiceCount(field.id));
    expect(new Set(byId.value.map((row) => row.companyName))).toEqual(new Set([field.name]));

    const byName = (
      await get('multi.admin', '/api/invoices', {
        $filter: "contains(companyName,'holdings')",
        $count: 'true',
        $top: '0',
      })
    ).json<ListBody>();
    expect(byName['@odata.count']).toBe(await invoiceCount(holdings.id));

    const sorted = (
      await get('multi.admin', '/api/invoices', { $orderby: 'companyName desc,billDate desc', $top: '100' })
    ).json<ListBody>();
    const names = sorted.value.map((row) => String(row.companyName));
    expect(names).toEqual([...names].sort().reverse());
    expect(names[0]).toBe(holdings.name);
  });

  it("keeps the estate: another company's id or name filters to nothing", async () => {
    const acme = await companyOf('Acme Logistics Ltd');
    for (const filter of [`companyId eq ${acme.id}`, `companyName eq '${acme.name}'`]) {
      const response = await get('globex.admin', '/api/invoices', { $filter: filter, $count: 'true' });
      expect(response.statusCode, filter).toBe(200);
      expect(response.json(), filter).toEqual({ value: [], '@odata.count': 0 });
    }
    const own = (
      await get('acme.finance', '/api/invoices', { $filter: `companyId eq ${acme.id}`, $count: 'true', $top: '0' })
    ).json<ListBody>();
    expect(own['@odata.count']).toBe(await invoiceCount(acme.id));
  });
});
