import { ContractProductSchema, OrderEventSchema, OrderItemSchema, odataList } from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesHeard, useDemoApp } from '../support/test-app.js';
import { type ListBody, lineOf, ordersOf, useSessions } from './api-calls.js';

const context = useDemoApp();
const get = useSessions(context, [
  'acme.admin',
  'acme.finance',
  'acme.sitemanager',
  'acme.broadband',
  'acme.teamlead',
  'globex.admin',
]);
const db = () => context.database.db;

/** An Acme broadband order of a line that needed an engineer: its one item has every broadband field. */
async function engineerProvide() {
  return db()
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .selectAll('order_items')
    .select(sql<string>`host(order_items.ip_address)`.as('ip'))
    .where('companies.name', '=', 'Acme Logistics Ltd')
    .where('order_items.appointment_reference', 'is not', null)
    .where('order_items.ip_address', 'is not', null)
    .where('order_items.status', '=', 'Succeeded')
    .orderBy('order_items.id')
    .executeTakeFirstOrThrow();
}

/** An order with one item on a site of acme.sitemanager and one on another Acme site, made for this file. */
const mixed = { orderId: 0, ownItemId: 0, otherItemId: 0 };

beforeAll(async () => {
  const endpointsBySite = await db()
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .leftJoin('user_sites', (join) =>
      join
        .onRef('user_sites.site_id', '=', 'endpoints.site_id')
        .on('user_sites.user_id', '=', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.user_name', '=', 'acme.sitemanager'),
        ),
    )
    .select(['endpoints.id', 'endpoints.identifier', 'endpoints.company_id', 'user_sites.user_id'])
    .where('companies.name', '=', 'Acme Logistics Ltd')
    .where('endpoints.endpoint_type_id', '=', 1)
    .orderBy('endpoints.id')
    .execute();
  const own = endpointsBySite.find((e) => e.user_id !== null)!;
  const other = endpointsBySite.find((e) => e.user_id === null)!;
  const order = await db()
    .insertInto('orders')
    .values({ company_id: own.company_id, order_type: 'mobile', reference: 'MOB-MIXED-1', created_date: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = (endpoint: typeof own) =>
    db()
      .insertInto('order_items')
      .values({
        order_id: order.id,
        company_id: own.company_id,
        endpoint_id: endpoint.id,
        cli: endpoint.identifier,
        product: 'Business Mobile 10GB',
        order_item_type: 'Tariff Change',
        status: 'In Progress',
        stage: 'Provisioning',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  Object.assign(mixed, { orderId: order.id, ownItemId: (await item(own)).id, otherItemId: (await item(other)).id });
});

describe('GET /api/orders/{orderId}/items', () => {
  it('needs sign-in and an orders permission', async () => {
    const [order] = await ordersOf(context.database, 'Acme Logistics Ltd', 'broadband');
    expect((await get(undefined, `/api/orders/${order!.id}/items`)).statusCode).toBe(401);
    expect((await get('acme.finance', `/api/orders/${order!.id}/items`)).statusCode).toBe(403);
  });

  it('answers the items in the contract shape, leaving out fields with no value', async () => {
    const item = await engineerProvide();
    const response = await get('acme.admin', `/api/orders/${item.order_id}/items`, { $count: 'true' });
    expect(response.statusCode).toBe(200);
    const body = odataList(OrderItemSchema).parse(response.json());
    const found = body.value.find((row) => row.orderItemId === item.id);
    expect(found).toEqual({
      orderItemId: item.id,
      cli: item.cli,
      product: item.product,
      orderItemType: item.order_item_type,
      notificationConnectionDate: item.notification_connection_date,
      requiredBy: item.required_by,
      appointmentReference: item.appointment_reference,
      appointmentDate: item.appointment_date,
      appointmentSlot: item.appointment_slot,
      ipAddress: item.ip,
      username: item.username,
      password: item.password,
      reference: item.reference,
      confirmedDate: item.confirmed_date,
    });
    expect(found).not.toHaveProperty('simNumber');
    expect(body['@odata.count']).toBe(body.value.length);
  });

  it('lists a mobile order’s SIM numbers and confirmed dates', async () => {
    const item = await db()
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.order_id', 'order_items.id', 'order_items.sim_number', 'order_items.confirmed_date'])
      .where('orders.company_id', '=', (await lineOf(context.database, 'acme.mobile')).company_id)
      .where('orders.order_type', '=', 'mobile')
      .where('order_items.order_item_type', '=', 'New Connection')
      .orderBy('order_items.id')
      .executeTakeFirstOrThrow();
    const body = (await get('acme.admin', `/api/orders/${item.order_id}/items`)).json<ListBody>();
    expect(body.value.find((row) => row.orderItemId === item.id)).toMatchObject({
      cli: expect.stringMatching(/^07/),
      simNumber: item.sim_number,
      confirmedDate: item.confirmed_date,
    });
    expect(item.sim_number).toMatch(/^\d{11,20}$/);
  });

  it("answers 404 for another company's order and for an order that does not exist", async () => {
    const [order] = await ordersOf(context.database, 'Acme Logistics Ltd', 'mobile');
    const foreign = await get('globex.admin', `/api/orders/${order!.id}/items`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ statusCode: 404, error: 'Not Found', requestId: expect.any(String) });
    expect((await get('acme.admin', '/api/orders/999999/items')).statusCode).toBe(404);
    expect((await get('acme.admin', '/api/orders/abc/items')).statusCode).toBe(400);
  });

  it("shows a site manager only the order's items on their sites", async () => {
    const body = (await get('acme.sitemanager', `/api/orders/${mixed.orderId}/items`)).json<ListBody>();
    expect(body.value.map((row) => row.orderItemId)).toEqual([mixed.ownItemId]);
    const all = (await get('acme.admin', `/api/orders/${mixed.orderId}/items`)).json<ListBody>();
    expect(all.value.map((row) => row.orderItemId)).toEqual([mixed.ownItemId, mixed.otherItemId]);
  });

  it('answers 404 for an order of a kind the caller may not read', async () => {
    const teamLeadOrders = await get('acme.teamlead', `/api/orders/${mixed.orderId}/items`);
    expect(teamLeadOrders.statusCode).toBe(403);
    // A site manager without BroadbandOrders: their mobile orders still open, a broadband one of theirs does not.
    const broadband = await db()
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .innerJoin('endpoints', 'endpoints.id', 'order_items.endpoint_id')
      .innerJoin('user_sites', 'user_sites.site_id', 'endpoints.site_id')
      .innerJoin('users', 'users.id', 'user_sites.user_id')
      .select('orders.id')
      .where('users.user_name', '=', 'acme.sitemanager')
      .where('orders.order_type', '=', 'broadband')
      .executeTakeFirstOrThrow();
    expect((await get('acme.sitemanager', `/api/orders/${broadband.id}/items`)).statusCode).toBe(200);
    const revoke = db()
      .deleteFrom('user_functionality')
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('user_name', '=', 'acme.sitemanager'))
      .where('functionality_id', '=', (eb) =>
        eb
          .selectFrom('functionality')
          .select('id')
          .where('code', '=', 'BroadbandOrders')
          .where('access_type', '=', 'Read'),
      )
      .returningAll();
    const revoked = await revoke.executeTakeFirstOrThrow();
    await changesHeard(context.app);
    try {
      expect((await get('acme.sitemanager', `/api/orders/${broadband.id}/items`)).statusCode).toBe(404);
      expect((await get('acme.sitemanager', `/api/orders/${mixed.orderId}/items`)).statusCode).toBe(200);
      expect((await get('acme.sitemanager', '/api/orders/broadband')).statusCode).toBe(403);
    } finally {
      await db().insertInto('user_functionality').values(revoked).execute();
      await changesHeard(context.app);
    }
  });
});

describe.each([
  ['orderitemadditionalproducts', 'Additional'],
  ['orderiteminclusiveproducts', 'Inclusive'],
] as const)('GET /api/orders/%s/{id}', (segment, kind) => {
  it('answers the products of that type ordered with the item', async () => {
    const item = await engineerProvide();
    const expected = await db()
      .selectFrom('order_item_products')
      .select(['description', 'quantity'])
      .where('order_item_id', '=', item.id)
      .where('kind', '=', kind)
      .orderBy('description')
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    const response = await get('acme.admin', `/api/orders/${segment}/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(odataList(ContractProductSchema).parse(response.json()).value).toEqual(
      expected.map((p) => ({ description: p.description, value: p.quantity, type: kind })),
    );
  });

  it("needs sign-in and an orders permission, and hides another company's items", async () => {
    const item = await engineerProvide();
    expect((await get(undefined, `/api/orders/${segment}/${item.id}`)).statusCode).toBe(401);
    expect((await get('acme.finance', `/api/orders/${segment}/${item.id}`)).statusCode).toBe(403);
    expect((await get('globex.admin', `/api/orders/${segment}/${item.id}`)).statusCode).toBe(404);
    expect((await get('acme.sitemanager', `/api/orders/${segment}/${mixed.otherItemId}`)).statusCode).toBe(404);
    expect((await get('acme.sitemanager', `/api/orders/${segment}/${mixed.ownItemId}`)).json()).toEqual({ value: [] });
  });
});

describe('GET /api/orders/orderItems/{orderItemId}/events', () => {
  const eventsOf = (itemId: number) =>
    db()
      .selectFrom('order_events')
      .select(['created_date', 'user_name', 'notes', 'status'])
      .where('order_item_id', '=', itemId)
      .orderBy('created_date', 'desc')
      .execute();

  it('answers the history newest first, paged and counted', async () => {
    const item = await engineerProvide();
    const expected = await eventsOf(item.id);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const url = `/api/orders/orderItems/${item.id}/events`;
    const all = odataList(OrderEventSchema).parse((await get('acme.admin', url)).json());
    expect(all.value).toEqual(
      expected.map((e) => ({
        createdDate: e.created_date.toISOString(),
        user: e.user_name,
        notes: e.notes,
        status: e.status,
      })),
    );
    expect(all.value[0]?.status).toBe('Succeeded');
    expect(all.value.at(-1)?.status).toBe('Placed');
    expect(all.value.map((e) => e.notes)).toContain(
      `Engineer appointment booked for ${item.appointment_date!.split('-').reverse().join('/')} (${item.appointment_slot}).`,
    );

    const first = (await get('acme.admin', url, { $top: '2', $count: 'true' })).json<ListBody>();
    const second = (await get('acme.admin', url, { $top: '2', $skip: '2' })).json<ListBody>();
    expect(first['@odata.count']).toBe(expected.length);
    expect([...first.value, ...second.value]).toEqual(all.value.slice(0, 4));
    const oldestFirst = (await get('acme.admin', url, { $orderby: 'createdDate asc', $top: '1' })).json<ListBody>();
    expect(oldestFirst.value[0]?.status).toBe('Placed');
  });

  it("opens to EndPointSummary on the caller's own line only", async () => {
    const line = await lineOf(context.database, 'acme.broadband');
    const own = await get('acme.broadband', `/api/orders/orderItems/${line.orderItemId}/events`);
    expect(own.statusCode).toBe(200);
    expect(own.json<ListBody>().value.length).toBeGreaterThan(0);
    const item = await engineerProvide();
    if (item.id !== line.orderItemId) {
      expect((await get('acme.broadband', `/api/orders/orderItems/${item.id}/events`)).statusCode).toBe(404);
    }
  });

  it("needs sign-in and a permission, and hides another company's items", async () => {
    const item = await engineerProvide();
    const url = `/api/orders/orderItems/${item.id}/events`;
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get('acme.finance', url)).statusCode).toBe(403);
    expect((await get('globex.admin', url)).statusCode).toBe(404);
    expect((await get('acme.admin', '/api/orders/orderItems/999999/events')).statusCode).toBe(404);
  });
});
