import type { FunctionalityCode, OrderType } from '@portal/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/schema.js';
import { type EstateScope, estateScope } from '../../estate/estate-scope.js';
import { notFound } from '../../http/errors.js';

/** The functionality that lets a caller read each kind of order (spec 2.2: mobile/orders, broadband/orders). */
export const ORDER_READ_CODE = {
  mobile: 'MobileOrders',
  broadband: 'BroadbandOrders',
} as const satisfies Record<OrderType, FunctionalityCode>;

export const readAnyOrders = {
  anyOf: [
    { code: ORDER_READ_CODE.mobile, accessType: 'Read' },
    { code: ORDER_READ_CODE.broadband, accessType: 'Read' },
  ],
} as const;

/**
 * The kinds of order whose items the caller may open. The orders codes open their own kind; EndPointSummary
 * (the device and contract pages, which show a line's order events) opens both, still only inside the estate.
 */
export function readableOrderTypes(principal: Principal, options: { viaEndpointSummary: boolean }): OrderType[] {
  if (options.viaEndpointSummary && principal.can('EndPointSummary', 'Read')) return ['mobile', 'broadband'];
  return (['mobile', 'broadband'] as const).filter((type) => principal.can(ORDER_READ_CODE[type], 'Read'));
}

/**
 * The caller's orders, as a condition on `orders`: the set estateScope(...).orders() gives. For a company-level
 * caller that set is every order of their companies, so it is written as `company_id IN (their companies)`:
 * PostgreSQL then reads one company's orders straight from orders_company_type_created rather than joining orders
 * to itself (the largest company of the large data set: about 30 ms a page before, a few ms after). Other levels
 * see orders through their lines, as the scope says.
 */
export function ordersInEstate(
  eb: ExpressionBuilder<Database, 'orders'>,
  principal: Pick<Principal, 'profile'>,
  scope: EstateScope,
) {
  return principal.profile.level === 'Company'
    ? eb('orders.company_id', 'in', scope.companies())
    : eb('orders.id', 'in', scope.orders());
}

/**
 * The order items the caller may see, of the given kinds: the item's order is in the estate, and the item's line
 * is too (or it has no line yet, as a new provide before completion). So a site manager sees an order's items on
 * their sites, not a colleague's lines that happen to share the order; a company administrator sees them all.
 */
export function visibleOrderItems(
  db: Kysely<Database>,
  principal: Pick<Principal, 'profile'>,
  scope: EstateScope,
  types: readonly OrderType[],
) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where((eb) => ordersInEstate(eb, principal, scope))
    .where((eb) => (types.length > 0 ? eb('orders.order_type', 'in', types) : eb.lit(false)))
    .where((eb) =>
      eb.or([eb('order_items.endpoint_id', 'is', null), eb('order_items.endpoint_id', 'in', scope.endpoints())]),
    );
}

/** 404 unless the caller may see this order item (same answer as for an item that does not exist). */
export async function requireVisibleItem(
  db: Kysely<Database>,
  principal: Principal,
  orderItemId: number,
  options: { viaEndpointSummary: boolean },
): Promise<void> {
  const types = readableOrderTypes(principal, options);
  const found = await visibleOrderItems(db, principal, estateScope(db, principal), types)
    .select('order_items.id')
    .where('order_items.id', '=', orderItemId)
    .executeTakeFirst();
  if (!found) throw notFound();
}
