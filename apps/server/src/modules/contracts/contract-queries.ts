import type { Contract, ContractProduct, ContractProductType, EndpointTypeId } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';

/** Which contract a lookup means: its id, its line's number, or the order item that brought it. */
export type ContractKey = { id: number } | { cli: string } | { orderItemId: number };

/**
 * The contracts the caller may read: on a line of their estate, of a type their functionality reads. A line can
 * have had several contracts (a renewal is a new order item); the newest start comes first.
 */
function readableContracts(db: Kysely<Database>, scope: EstateScope, types: readonly EndpointTypeId[]) {
  return db
    .selectFrom('contracts')
    .innerJoin('endpoints', 'endpoints.id', 'contracts.endpoint_id')
    .innerJoin('order_items', 'order_items.id', 'contracts.order_item_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where('endpoints.id', 'in', scope.endpoints())
    .where((eb) => (types.length > 0 ? eb('endpoints.endpoint_type_id', 'in', types) : eb.lit(false)))
    .orderBy(sql`contracts.customer_start_date DESC NULLS LAST`)
    .orderBy('contracts.id', 'desc');
}

function byKey<Q extends ReturnType<typeof readableContracts>>(query: Q, key: ContractKey): Q {
  if ('id' in key) return query.where('contracts.id', '=', key.id) as Q;
  if ('cli' in key) return query.where('endpoints.identifier', '=', key.cli) as Q;
  return query.where('contracts.order_item_id', '=', key.orderItemId) as Q;
}

/** One contract in the contract's API shape (spec 3); 404 when it is not one the caller may read. */
export async function findContract(
  db: Kysely<Database>,
  scope: EstateScope,
  types: readonly EndpointTypeId[],
  key: ContractKey,
): Promise<Contract> {
  const row = await byKey(readableContracts(db, scope, types), key)
    .select([
      'contracts.order_item_id',
      'endpoints.carrier_id',
      'endpoints.supplier_id',
      'endpoints.product_line_id',
      'contracts.contract_short_status',
      'orders.reference',
      'orders.created_date',
      'contracts.customer_start_date',
      'contracts.customer_end_date',
      'contracts.customer_duration',
      'contracts.product',
      'contracts.username',
      'contracts.password',
      sql<string | null>`host(contracts.ip_address)`.as('ip_address'),
    ])
    .executeTakeFirst();
  // A contract without a start date cannot be shown (the page's Start Date is required); none is stored so.
  if (!row?.customer_start_date) throw notFound();
  return {
    orderItemId: row.order_item_id,
    ...present('carrierId', row.carrier_id),
    ...present('supplierId', row.supplier_id),
    ...present('productLineId', row.product_line_id),
    contractShortStatus: row.contract_short_status,
    orderNumber: row.reference,
    orderCreatedDate: new Date(row.created_date).toISOString(),
    customerStartDate: row.customer_start_date,
    ...present('customerEndDate', row.customer_end_date),
    ...present('customerDuration', row.customer_duration),
    product: row.product,
    ...present('username', row.username),
    ...present('password', row.password),
    ...present('ipAddress', row.ip_address),
  };
}

/** The products of the contract an order item brought, of one type; 404 when that contract is not readable. */
export async function contractProducts(
  db: Kysely<Database>,
  scope: EstateScope,
  types: readonly EndpointTypeId[],
  orderItemId: number,
  type: ContractProductType,
): Promise<ContractProduct[]> {
  const contract = await byKey(readableContracts(db, scope, types), { orderItemId })
    .select('contracts.id')
    .executeTakeFirst();
  if (!contract) throw notFound();
  return db
    .selectFrom('contract_products')
    .select(['description', 'value', 'type'])
    .where('contract_id', '=', contract.id)
    .where('type', '=', type)
    .orderBy('description')
    .orderBy('id')
    .execute();
}

/** `{ [name]: value }`, or nothing for a null: the contract's optional fields are absent, never null. */
function present<const K extends string, V>(name: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [name]: value }) as { [P in K]?: V };
}
