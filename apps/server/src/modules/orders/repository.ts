import type { ContractProduct, ContractProductType, ODataQuery, OrderType } from '@portal/contract';
import { runODataList } from '../../odata/index.js';
import { ordersInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { orderEventsResource, orderItemsResource, ordersResource } from './resource.js';

/** Statuses an item leaves for good; anything else (Placed, In Progress, Awaiting Action) is still in flight. */
const FINISHED_STATUSES = ['Succeeded', 'Failed'];

/** A page of the caller's orders of one kind, each with its company's name. */
export function listOrders(scope: EstateScope, type: OrderType, options: ODataQuery) {
  return runODataList({
    db: scope.db,
    baseQuery: scope.db
      .selectFrom('orders')
      .where('orders.order_type', '=', type)
      .where((eb) => ordersInEstate(eb, scope))
      .innerJoin('companies', 'companies.id', 'orders.company_id'),
    resource: ordersResource,
    options,
  });
}

/** Whether the order is the caller's and of one of the given kinds. */
export async function hasOrder(scope: EstateScope, orderId: number, types: readonly OrderType[]): Promise<boolean> {
  if (types.length === 0) return false;
  const order = await scope.db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.id', '=', orderId)
    .where((eb) => ordersInEstate(eb, scope))
    .where('orders.order_type', 'in', types)
    .executeTakeFirst();
  return order !== undefined;
}

/**
 * The order items the caller may see, of the given kinds: the item's order is in the estate, and the item's line
 * is too (or it has no line yet, as a new provide before completion). So a site manager sees an order's items on
 * their sites, not a colleague's lines that happen to share the order; a company administrator sees them all.
 */
function visibleOrderItems(scope: EstateScope, types: readonly OrderType[]) {
  const ofVisibleOrders = scope.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where((eb) => ordersInEstate(eb, scope))
    .where((eb) => (types.length > 0 ? eb('orders.order_type', 'in', types) : eb.lit(false)));
  // Where the estate is whole companies, an item's line is of its order's company (the foreign keys on
  // (order_id, company_id) and (endpoint_id, company_id) say so), so it is in the estate with the order: testing it
  // would build the set of every line of the company (8,735 for the largest) to find one.
  if (scope.companyWide) return ofVisibleOrders;
  return ofVisibleOrders.where((eb) =>
    eb.or([eb('order_items.endpoint_id', 'is', null), eb('order_items.endpoint_id', 'in', scope.endpoints())]),
  );
}

/** A page of the items of one order that the caller may see. */
export function listOrderItems(scope: EstateScope, orderId: number, types: readonly OrderType[], options: ODataQuery) {
  return runODataList({
    db: scope.db,
    baseQuery: visibleOrderItems(scope, types).where('order_items.order_id', '=', orderId),
    resource: orderItemsResource,
    options,
  });
}

/** Whether the caller may see this order item. */
export async function hasOrderItem(
  scope: EstateScope,
  orderItemId: number,
  types: readonly OrderType[],
): Promise<boolean> {
  const found = await visibleOrderItems(scope, types)
    .select('order_items.id')
    .where('order_items.id', '=', orderItemId)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * The products ordered with an order item the caller may see, of one type, in the contract products' shape
 * (description, value as the quantity, type), so the order page's Additional Products cell and the contract page's
 * products card read the same thing.
 */
export function orderItemProducts(
  scope: EstateScope,
  orderItemId: number,
  types: readonly OrderType[],
  type: ContractProductType,
): Promise<ContractProduct[]> {
  return scope.db
    .selectFrom('order_item_products')
    .select(['description', 'quantity as value', 'kind as type'])
    .where('order_item_id', 'in', visibleOrderItems(scope, types).select('order_items.id'))
    .where('order_item_id', '=', orderItemId)
    .where('kind', '=', type)
    .orderBy('description')
    .orderBy('id')
    .execute();
}

/** A page of an order item's history; the caller must have checked the item is theirs. */
export function listItemEvents(scope: EstateScope, orderItemId: number, options: ODataQuery) {
  return runODataList({
    db: scope.db,
    baseQuery: scope.db.selectFrom('order_events').where('order_events.order_item_id', '=', orderItemId),
    resource: orderEventsResource,
    options,
  });
}

/** The endpoint of the caller's line `cli` when `orderItemId` is one of its items. */
export async function lineOfItem(scope: EstateScope, cli: string, orderItemId: number) {
  return scope.db
    .selectFrom('endpoints')
    .innerJoin('order_items', 'order_items.endpoint_id', 'endpoints.id')
    .select('endpoints.id')
    .where('endpoints.identifier', '=', cli)
    .where('endpoints.id', 'in', scope.endpoints())
    .where('order_items.id', '=', orderItemId)
    .executeTakeFirst();
}

/** When the order of the line's oldest unfinished item was placed, if any item of the line is unfinished. */
export async function oldestUnfinishedOrderDate(scope: EstateScope, endpointId: number): Promise<Date | undefined> {
  const oldest = await scope.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.min('orders.created_date').as('placed'))
    .where('order_items.endpoint_id', '=', endpointId)
    .where('order_items.endpoint_id', 'in', scope.endpoints())
    .where('order_items.status', 'not in', FINISHED_STATUSES)
    .executeTakeFirst();
  return oldest?.placed ? new Date(oldest.placed) : undefined;
}

/** When the line's oldest open (queued or sent) carrier request was placed, if it has one. */
export async function oldestOpenCarrierRequestDate(scope: EstateScope, endpointId: number): Promise<Date | undefined> {
  const oldest = await scope.db
    .selectFrom('carrier_requests')
    .select((eb) => eb.fn.min('carrier_requests.created_at').as('placed'))
    .where('carrier_requests.endpoint_id', '=', endpointId)
    .where('carrier_requests.endpoint_id', 'in', scope.endpoints())
    .where('carrier_requests.status', 'in', ['queued', 'sent'])
    .executeTakeFirst();
  return oldest?.placed ? new Date(oldest.placed) : undefined;
}
