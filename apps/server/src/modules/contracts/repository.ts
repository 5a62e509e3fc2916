import type { ContractProduct, ContractProductType, EndpointTypeId } from '@portal/contract';
import { sql } from 'kysely';
import { endpointsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/** Which contract a lookup means: its id, its line's number, or the order item that brought it. */
export type ContractKey = { id: number } | { cli: string } | { orderItemId: number };

/**
 * The contracts the caller may read: on a line of their estate, of one of the given types. A line can have had
 * several contracts (a renewal is a new order item); the newest start comes first.
 */
function readableContracts(scope: EstateScope, types: readonly EndpointTypeId[]) {
  return scope.db
    .selectFrom('contracts')
    .innerJoin('endpoints', 'endpoints.id', 'contracts.endpoint_id')
    .innerJoin('order_items', 'order_items.id', 'contracts.order_item_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where((eb) => endpointsInEstate(eb, scope))
    .where((eb) => (types.length > 0 ? eb('endpoints.endpoint_type_id', 'in', types) : eb.lit(false)))
    .orderBy(sql`contracts.customer_start_date DESC NULLS LAST`)
    .orderBy('contracts.id', 'desc');
}

function byKey<Q extends ReturnType<typeof readableContracts>>(query: Q, key: ContractKey): Q {
  if ('id' in key) return query.where('contracts.id', '=', key.id) as Q;
  if ('cli' in key) return query.where('endpoints.identifier', '=', key.cli) as Q;
  return query.where('contracts.order_item_id', '=', key.orderItemId) as Q;
}

/** The contract a key names with what the API shows of its line and order, if the caller may read it. */
export function findContract(scope: EstateScope, types: readonly EndpointTypeId[], key: ContractKey) {
  return byKey(readableContracts(scope, types), key)
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
}

/** The id of the contract a key names, if the caller may read it. */
export async function findContractId(
  scope: EstateScope,
  types: readonly EndpointTypeId[],
  key: ContractKey,
): Promise<number | undefined> {
  const contract = await byKey(readableContracts(scope, types), key).select('contracts.id').executeTakeFirst();
  return contract?.id;
}

/** The products of one type of a contract; the caller must have found the contract through the scope. */
export function contractProducts(
  scope: EstateScope,
  contractId: number,
  type: ContractProductType,
): Promise<ContractProduct[]> {
  return scope.db
    .selectFrom('contract_products')
    .select(['description', 'value', 'type'])
    .where('contract_id', '=', contractId)
    .where('type', '=', type)
    .orderBy('description')
    .orderBy('id')
    .execute();
}
