import { OrderSchema, odataList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { type ListBody, useSessions } from './api-calls.js';

// Every order row names its company (decision 0056), so a caller with several companies can tell them apart.

const context = useDemoApp();
const get = useSessions(context, ['multi.admin', 'globex.admin', 'acme.sitemanager']);
const Orders = odataList(OrderSchema);

async function companyOf(name: string): Promise<{ id: number; name: string }> {
  return context.database.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

describe.each(['mobile', 'broadband'] as const)('GET /api/orders/%s company fields', (type) => {
  const path = `/api/orders/${type}`;

  async function orderCount(companyId: number): Promise<number> {
    const row = await context.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('order_type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('gives every row its companyId and companyName; a caller with two companies sees both', async () => {
    const holdings = await companyOf('Initech Holdings Ltd');
    const field = await companyOf('Initech Field Services Ltd');
    expect(await orderCount(holdings.id)).toBeGreaterThan(0);
    expect(await orderCount(field.id)).toBeGreaterThan(0);
    const body = Orders.parse((await get('multi.admin', path, { $top: '100', $count: 'true' })).json());
    expect(body['@odata.count']).toBe((await orderCount(holdings.id)) + (await orderCount(field.id)));
    expect(new Map(body.value.map((order) => [order.companyId, order.companyName]))).toEqual(
      new Map([
        [holdings.id, holdings.name],
        [field.id, field.name],
      ]),
    );
  });

  it('selects, filters and sorts on companyId and companyName', async () => {
    const holdings = await companyOf('Initech Holdings Ltd');
    const field = await companyOf('Initech Field Services Ltd');

    const selected = (await get('multi.admin', path, { $select: 'reference,companyName', $top: '3' })).json<ListBody>();
    expect(selected.value.length).toBeGreaterThan(0);
    for (const row of selected.value) expect(Object.keys(row).sort()).toEqual(['companyName', 'reference']);

    const byId = (
      await get('multi.admin', path, { $filter: `companyId eq ${holdings.id}`, $count: 'true', $top: '100' })
    ).json<ListBody>();
    expect(byId['@odata.count']).toBe(await orderCount(holdings.id));
    expect(new Set(byId.value.map((row) => row.companyId))).toEqual(new Set([holdings.id]));

    const byName = (
      await get('multi.admin', path, { $filter: `companyName eq '${field.name}'`, $count: 'true', $top: '0' })
    ).json<ListBody>();
    expect(byName['@odata.count']).toBe(await orderCount(field.id));

    const sorted = (await get('multi.admin', path, { $orderby: 'companyName asc', $top: '100' })).json<ListBody>();
    const names = sorted.value.map((row) => String(row.companyName));
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe(field.name);
  });

  it("keeps the estate: another company's id filters to nothing, and a site manager still sees only their sites", async () => {
    const acme = await companyOf('Acme Logistics Ltd');
    const foreign = await get('globex.admin', path, { $filter: `companyId eq ${acme.id}`, $count: 'true' });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ value: [], '@odata.count': 0 });

    const siteOrders = (await get('acme.sitemanager', path, { $count: 'true', $top: '0' })).json<ListBody>();
    const filtered = (
      await get('acme.sitemanager', path, { $filter: `companyId eq ${acme.id}`, $count: 'true', $top: '0' })
    ).json<ListBody>();
    expect(filtered['@odata.count']).toBe(siteOrders['@odata.count']);
    expect(filtered['@odata.count']).toBeLessThan(await orderCount(acme.id));
  });
});
