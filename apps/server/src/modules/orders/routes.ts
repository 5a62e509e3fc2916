import { API, type OdataList, type OrderEventListItem, type OrderListItem } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { listOrders } from './repository.js';
import { eventsOfItem, itemsOfOrder, pendingCheck, productsOfItem } from './service.js';

/** An OData row with its null fields left out: the contract's order item has optional fields, not nullable ones. */
function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}

/** Orders (spec 2.13, 7): the two lists, an order's items and their products, item events and the pending check. */
export const orderRoutes = operationRoutes(API.orders, () => ({
  // Statuses and stages come from CHECK-constrained columns, so they fit the response's enums.
  broadband: async ({ scope, query }) => (await listOrders(scope, 'broadband', query)) as OdataList<OrderListItem>,
  mobile: async ({ scope, query }) => (await listOrders(scope, 'mobile', query)) as OdataList<OrderListItem>,
  items: async ({ scope, params, query }) => {
    const list = await itemsOfOrder(scope, params.orderId, query);
    return { ...list, value: list.value.map(withoutNulls) };
  },
  additionalProducts: async ({ scope, params }) => ({
    value: await productsOfItem(scope, params.id, 'Additional'),
  }),
  inclusiveProducts: async ({ scope, params }) => ({ value: await productsOfItem(scope, params.id, 'Inclusive') }),
  pending: async ({ scope, params, reply }) => {
    const check = await pendingCheck(scope, params.cli, params.orderItemId, new Date());
    // Said here, not only by the API-wide default: the page re-asks after every change and must never get a stored answer.
    reply.header('cache-control', 'no-store');
    return check;
  },
  itemEvents: async ({ scope, params, query }) =>
    (await eventsOfItem(scope, params.orderItemId, query)) as OdataList<OrderEventListItem>,
}));
