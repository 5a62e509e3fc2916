import { ContractProductSchema, ContractSchema, odataList } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lineOf, useSessions } from '../orders/api-calls.js';
import { changesHeard, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const get = useSessions(context, ['acme.admin', 'acme.finance', 'acme.broadband', 'acme.sitemanager', 'globex.admin']);
const db = () => context.database.db;

/** The stored contract of a line, with what the API derives from its endpoint and order. */
async function storedContract(endpointId: number) {
  return db()
    .selectFrom('contracts')
    .innerJoin('endpoints', 'endpoints.id', 'contracts.endpoint_id')
    .innerJoin('order_items', 'order_items.id', 'contracts.order_item_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'contracts.id',
      'contracts.order_item_id',
      'contracts.contract_short_status',
      'contracts.customer_start_date',
      'contracts.customer_end_date',
      'contracts.customer_duration',
      'contracts.product',
      'contracts.username',
      'contracts.password',
      sql<string>`host(contracts.ip_address)`.as('ip'),
      'endpoints.identifier',
      'endpoints.carrier_id',
      'endpoints.supplier_id',
      'endpoints.product_line_id',
      'orders.reference',
      'orders.created_date',
    ])
    .where('contracts.endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
}

/** A mobile line of Acme on one of acme.sitemanager's sites (or not), and likewise a broadband one. */
async function acmeLine(type: 1 | 3, onSiteManagersSite: boolean) {
  const line = await db()
    .selectFrom('endpoints')
    .innerJoin('companies', 'companies.id', 'endpoints.company_id')
    .select('endpoints.id')
    .where('companies.name', '=', 'Acme Logistics Ltd')
    .where('endpoints.endpoint_type_id', '=', type)
    .where((eb) => {
      const managed = eb.exists(
        eb
          .selectFrom('user_sites')
          .innerJoin('users', 'users.id', 'user_sites.user_id')
          .whereRef('user_sites.site_id', '=', 'endpoints.site_id')
          .where('users.user_name', '=', 'acme.sitemanager'),
      );
      return onSiteManagersSite ? managed : eb.not(managed);
    })
    .orderBy('endpoints.id')
    .executeTakeFirstOrThrow();
  return storedContract(line.id);
}

describe('GET /api/contracts/{id} and /api/contracts/cli/{cli}', () => {
  it('answers a broadband contract with its carrier, product line and access details', async () => {
    const own = await lineOf(context.database, 'acme.broadband');
    const stored = await storedContract(own.id);
    const expected = {
      orderItemId: stored.order_item_id,
      carrierId: stored.carrier_id,
      productLineId: stored.product_line_id,
      contractShortStatus: stored.contract_short_status,
      orderNumber: stored.reference,
      orderCreatedDate: stored.created_date.toISOString(),
      customerStartDate: stored.customer_start_date,
      ...(stored.customer_end_date ? { customerEndDate: stored.customer_end_date } : {}),
      customerDuration: stored.customer_duration,
      product: stored.product,
      username: stored.username,
      password: stored.password,
      ipAddress: stored.ip,
    };
    for (const url of [`/api/contracts/${stored.id}`, `/api/contracts/cli/${stored.identifier}`]) {
      for (const user of ['acme.admin', 'acme.broadband']) {
        const response = await get(user, url);
        expect(response.statusCode).toBe(200);
        expect(ContractSchema.parse(response.json())).toEqual(expected);
      }
    }
  });

  it('answers a mobile contract with its supplier and no broadband fields', async () => {
    const stored = await storedContract((await lineOf(context.database, 'acme.mobile')).id);
    const body = ContractSchema.parse((await get('acme.admin', `/api/contracts/cli/${stored.identifier}`)).json());
    expect(body).toMatchObject({ orderItemId: stored.order_item_id, supplierId: stored.supplier_id });
    for (const field of ['carrierId', 'productLineId', 'username', 'password', 'ipAddress']) {
      expect(body).not.toHaveProperty(field);
    }
  });

  it('needs sign-in and EndPointSummary or an estate permission', async () => {
    const stored = await storedContract((await lineOf(context.database, 'acme.broadband')).id);
    for (const url of [`/api/contracts/${stored.id}`, `/api/contracts/cli/${stored.identifier}`]) {
      expect((await get(undefined, url)).statusCode).toBe(401);
      const denied = await get('acme.finance', url);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'missing_functionality' });
    }
  });

  it("answers 404 outside the estate: another company's, a colleague's line, an unknown one", async () => {
    const stored = await storedContract((await lineOf(context.database, 'acme.broadband')).id);
    for (const url of [`/api/contracts/${stored.id}`, `/api/contracts/cli/${stored.identifier}`]) {
      const foreign = await get('globex.admin', url);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ statusCode: 404, error: 'Not Found', requestId: expect.any(String) });
    }
    const colleague = await acmeLine(3, false);
    expect((await get('acme.broadband', `/api/contracts/${colleague.id}`)).statusCode).toBe(404);
    expect((await get('acme.broadband', `/api/contracts/cli/${colleague.identifier}`)).statusCode).toBe(404);
    expect((await get('acme.admin', '/api/contracts/999999')).statusCode).toBe(404);
    expect((await get('acme.admin', '/api/contracts/cli/07000000000')).statusCode).toBe(404);
    expect((await get('acme.admin', '/api/contracts/0')).statusCode).toBe(400);
  });

  it('lets an estate permission read only its own kind of contract', async () => {
    const mobile = await acmeLine(1, true);
    const broadband = await acmeLine(3, true);
    expect((await get('acme.sitemanager', `/api/contracts/${mobile.id}`)).statusCode).toBe(200);
    expect((await get('acme.sitemanager', `/api/contracts/${broadband.id}`)).statusCode).toBe(200);
    expect((await get('acme.sitemanager', `/api/contracts/${(await acmeLine(1, false)).id}`)).statusCode).toBe(404);

    // Without EndPointSummary and BroadbandSiteEstate, MobileSiteEstate still reads mobile contracts only.
    const revoked = await db()
      .deleteFrom('user_functionality')
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('user_name', '=', 'acme.sitemanager'))
      .where('functionality_id', 'in', (eb) =>
        eb
          .selectFrom('functionality')
          .select('id')
          .where('code', 'in', ['EndPointSummary', 'BroadbandSiteEstate'])
          .where('access_type', '=', 'Read'),
      )
      .returningAll()
      .execute();
    expect(revoked).toHaveLength(2);
    await changesHeard(context.app);
    try {
      expect((await get('acme.sitemanager', `/api/contracts/${mobile.id}`)).statusCode).toBe(200);
      expect((await get('acme.sitemanager', `/api/contracts/${broadband.id}`)).statusCode).toBe(404);
    } finally {
      await db().insertInto('user_functionality').values(revoked).execute();
      await changesHeard(context.app);
    }
  });
});

describe.each([
  ['orderitemadditionalproducts', 'Additional'],
  ['orderiteminclusiveproducts', 'Inclusive'],
] as const)('GET /api/contracts/%s/{orderItemId}', (segment, type) => {
  it("answers the contract's products of that type", async () => {
    const stored = await storedContract((await lineOf(context.database, 'acme.broadband')).id);
    const expected = await db()
      .selectFrom('contract_products')
      .select(['description', 'value', 'type'])
      .where('contract_id', '=', stored.id)
      .where('type', '=', type)
      .orderBy('description')
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    for (const user of ['acme.admin', 'acme.broadband']) {
      const response = await get(user, `/api/contracts/${segment}/${stored.order_item_id}`);
      expect(response.statusCode).toBe(200);
      expect(odataList(ContractProductSchema).parse(response.json()).value).toEqual(expected);
    }
  });

  it("needs sign-in and a permission, and hides other lines' contracts", async () => {
    const stored = await storedContract((await lineOf(context.database, 'acme.broadband')).id);
    const url = `/api/contracts/${segment}/${stored.order_item_id}`;
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get('acme.finance', url)).statusCode).toBe(403);
    expect((await get('globex.admin', url)).statusCode).toBe(404);
    const colleague = await acmeLine(3, false);
    expect((await get('acme.broadband', `/api/contracts/${segment}/${colleague.order_item_id}`)).statusCode).toBe(404);
    // An order item that brought no contract (a request for changes) has no contract products.
    const change = await db()
      .selectFrom('order_items')
      .leftJoin('contracts', 'contracts.order_item_id', 'order_items.id')
      .select('order_items.id')
      .where('contracts.id', 'is', null)
      .where('order_items.company_id', '=', (await lineOf(context.database, 'acme.broadband')).company_id)
      .executeTakeFirstOrThrow();
    expect((await get('acme.admin', `/api/contracts/${segment}/${change.id}`)).statusCode).toBe(404);
  });
});
