import type {
  ContractProduct,
  ContractProductType,
  FunctionalityCode,
  ODataQuery,
  OrderType,
  PendingCheck,
} from '@portal/contract';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import {
  hasOrder,
  hasOrderItem,
  lineOfItem,
  listItemEvents,
  listOrderItems,
  oldestOpenCarrierRequestDate,
  oldestUnfinishedOrderDate,
  orderItemProducts,
} from './repository.js';

const DAY_MS = 86_400_000;

/** The functionality that lets a caller read each kind of order (spec 2.2: mobile/orders, broadband/orders). */
const ORDER_READ_CODE = {
  mobile: 'MobileOrders',
  broadband: 'BroadbandOrders',
} as const satisfies Record<OrderType, FunctionalityCode>;

/**
 * The kinds of order whose items the caller may open. The orders codes open their own kind; EndPointSummary
 * (the device and contract pages, which show a line's order events) opens both, still only inside the estate.
 */
export function readableOrderTypes(scope: EstateScope, options: { viaEndpointSummary: boolean }): OrderType[] {
  const { caller } = scope;
  if (options.viaEndpointSummary && caller.can('EndPointSummary', 'Read')) return ['mobile', 'broadband'];
  return (['mobile', 'broadband'] as const).filter((type) => caller.can(ORDER_READ_CODE[type], 'Read'));
}

/** The items of an order of a kind the caller reads; 404 for any other order, as for one that does not exist. */
export async function itemsOfOrder(scope: EstateScope, orderId: number, options: ODataQuery) {
  const types = readableOrderTypes(scope, { viaEndpointSummary: false });
  if (!(await hasOrder(scope, orderId, types))) throw notFound();
  return listOrderItems(scope, orderId, types, options);
}

/** The products of an order item the caller may see through the order lists. */
export async function productsOfItem(
  scope: EstateScope,
  orderItemId: number,
  type: ContractProductType,
): Promise<ContractProduct[]> {
  const types = readableOrderTypes(scope, { viaEndpointSummary: false });
  if (!(await hasOrderItem(scope, orderItemId, types))) throw notFound();
  return orderItemProducts(scope, orderItemId, types, type);
}

/** The history of an order item the caller may see through the order lists or the device and contract pages. */
export async function eventsOfItem(scope: EstateScope, orderItemId: number, options: ODataQuery) {
  const types = readableOrderTypes(scope, { viaEndpointSummary: true });
  if (!(await hasOrderItem(scope, orderItemId, types))) throw notFound();
  return listItemEvents(scope, orderItemId, options);
}

/** Whole 24-hour periods from `since` to `now`: 3 days and 23 hours is 3. Never negative. */
export function wholeDaysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * The pending check of the device and contract pages (spec 4), for the line `cli` and one of its order items
 * (usually the contract's, which brought the line into service). The line is pending while any of its items is
 * unfinished: the given one or a later request for changes (a SIM swap, a bar, a regrade) placed on the same
 * line, or a change stored for a carrier and not yet completed (a queued or sent carrier request, decision 0089).
 * `daysPending` counts from when the oldest unfinished item's order (or open carrier request) was placed, because
 * that is how long the customer has waited; a move from Placed to In Progress does not restart it.
 *
 * 404 when the line is outside the caller's estate or the item is not one of the line's.
 */
export async function pendingCheck(
  scope: EstateScope,
  cli: string,
  orderItemId: number,
  now: Date,
): Promise<PendingCheck> {
  const line = await lineOfItem(scope, cli, orderItemId);
  if (!line) throw notFound();
  const dates = await Promise.all([
    oldestUnfinishedOrderDate(scope, line.id),
    oldestOpenCarrierRequestDate(scope, line.id),
  ]);
  const placed = dates
    .filter((date) => date !== undefined)
    .reduce<Date | undefined>((oldest, date) => (oldest && oldest <= date ? oldest : date), undefined);
  return placed
    ? { isPending: true, daysPending: wholeDaysBetween(placed, now) }
    : { isPending: false, daysPending: 0 };
}
