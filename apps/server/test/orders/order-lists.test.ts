import { OrderSchema, odataList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../support/test-app.js';
import { type ListBody, ordersOf, useSessions } from './api-calls.js';

const context = useDemoApp();
const get = useSessions(context, ['acme.admin', 'acme.finance', 'acme.sitemanager', 'globex.admin']);
const FullList = odataList(OrderSchema);

describe.each(['mobile', 'broadband'] as const)('GET /api/orders/%s', (type) => {
  const path = `/api/orders/${type}`;

  it(`needs sign-in and ${type === 'mobile' ? 'MobileOrders' : 'BroadbandOrders'} Read`, async () => {
    expect((await get(undefined, path)).statusCode).toBe(401);
    const denied = await get('acme.finance', path);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ statusCode: 403, code: 'missing_functionality' });
  });

  it("lists every order of the company's kind, newest first, in the contract's Order shape", async () => {
    const expected = await ordersOf(context.database, 'Acme Logistics Ltd', type);
    expect(expected.length).toBeGreaterThan(10);
    const response = await get('acme.admin', path, { $count: 'true' });
    expect(response.statusCode).toBe(200);
    const body = FullList.parse(response.json());
    expect(body['@odata.count']).toBe(expected.length);
    expect(body.value.map((order) => order.reference)).toEqual(expected.slice(0, 100).map((o) => o.reference));
    const dates = body.value.map((order) => Date.parse(order.createdDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.value[0]).toEqual({
      orderId: expected[0]!.id,
      reference: expected[0]!.reference,
      createdDate: expected[0]!.created_date.toISOString(),
      slowestOrderItemStatus: expect.any(String),
      slowestOrderItemStage: expect.any(String),
      companyId: expect.any(Number),
      companyName: 'Acme Logistics Ltd',
    });
  });

  it('pages with $top and $skip and counts with $count', async () => {
    const expected = (await ordersOf(context.database, 'Acme Logistics Ltd', type)).map((o) => o.reference);
    const first = (await get('acme.admin', path, { $top: '5', $count: 'true' })).json<ListBody>();
    const second = (await get('acme.admin', path, { $top: '5', $skip: '5' })).json<ListBody>();
    expect(first['@odata.count']).toBe(expected.length);
    expect(second['@odata.count']).toBeUndefined();
    expect([...first.value, ...second.value].map((o) => o.reference)).toEqual(expected.slice(0, 10));
    expect((await get('acme.admin', path, { $top: '0', $count: 'true' })).json()).toEqual({
      value: [],
      '@odata.count': expected.length,
    });
    expect((await get('acme.admin', path, { $top: '101' })).statusCode).toBe(400);
  });

  it('filters by reference (contains, any case) and by a createdDate range', async () => {
    const expected = await ordersOf(context.database, 'Acme Logistics Ltd', type);
    const target = expected[3]!;
    const part = target.reference.slice(-4).toLowerCase();
    const byReference = (await get('acme.admin', path, { $filter: `contains(reference,'${part}')` })).json<ListBody>();
    expect(byReference.value.map((o) => o.reference)).toEqual(
      expected.filter((o) => o.reference.toLowerCase().includes(part)).map((o) => o.reference),
    );
    expect(byReference.value.map((o) => o.reference)).toContain(target.reference);

    const from = new Date(expected[6]!.created_date);
    const to = new Date(expected[2]!.created_date);
    const inRange = (
      await get('acme.admin', path, {
        $filter: `createdDate ge ${from.toISOString()} and createdDate le ${to.toISOString()}`,
        $count: 'true',
      })
    ).json<ListBody>();
    const wanted = expected.filter((o) => o.created_date >= from && o.created_date <= to).map((o) => o.reference);
    expect(wanted.length).toBeGreaterThanOrEqual(5);
    expect(inRange['@odata.count']).toBe(wanted.length);
    expect(inRange.value.map((o) => o.reference)).toEqual(wanted);
  });

  it('sorts on request and finds one order by id for the order page', async () => {
    const oldestFirst = (await get('acme.admin', path, { $orderby: 'createdDate asc', $top: '3' })).json<ListBody>();
    const expected = await ordersOf(context.database, 'Acme Logistics Ltd', type);
    expect(oldestFirst.value.map((o) => o.reference)).toEqual(
      [...expected]
        .reverse()
        .slice(0, 3)
        .map((o) => o.reference),
    );
    const one = (await get('acme.admin', path, { $filter: `orderId eq ${expected[0]!.id}` })).json<ListBody>();
    expect(one.value).toHaveLength(1);
    expect(await get('acme.admin', path, { $orderby: 'password' })).toMatchObject({ statusCode: 400 });
  });

  it("never lists another company's orders", async () => {
    const acme = new Set((await ordersOf(context.database, 'Acme Logistics Ltd', type)).map((o) => o.reference));
    const globex = (await get('globex.admin', path, { $count: 'true' })).json<ListBody>();
    expect(globex['@odata.count']).toBe((await ordersOf(context.database, 'Globex Engineering Ltd', type)).length);
    expect(globex.value.some((o) => acme.has(String(o.reference)))).toBe(false);
  });

  it('shows a site manager only the orders with an item on their sites', async () => {
    const expected = await context.database.db
      .selectFrom('orders')
      .select('orders.reference')
      .where('orders.order_type', '=', type)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_items')
            .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
            .innerJoin('user_sites', 'user_sites.site_id', 'endpoints.site_id')
            .innerJoin('users', 'users.id', 'user_sites.user_id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('users.user_name', '=', 'acme.sitemanager'),
        ),
      )
      .execute();
    const all = await ordersOf(context.database, 'Acme Logistics Ltd', type);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const body = (await get('acme.sitemanager', path, { $select: 'reference', $count: 'true' })).json<ListBody>();
    expect(body['@odata.count']).toBe(expected.length);
    expect(body.value.map((o) => o.reference).sort()).toEqual(expected.map((o) => o.reference).sort());
  });
});
