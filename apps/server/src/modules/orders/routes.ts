import {
  ContractProductSchema,
  type ContractProductType,
  IdParamSchema,
  NonEmptyStringSchema,
  ODataQuerySchema,
  type OdataList,
  type OrderEventListItem,
  OrderEventListItemSchema,
  type OrderItemListItem,
  OrderItemListItemSchema,
  type OrderListItem,
  OrderListItemSchema,
  type OrderType,
  odataList,
  PendingCheckSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../auth/route-access.js';
import { estateScope } from '../../estate/estate-scope.js';
import { errorResponses, notFound } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import { orderItemProducts } from './item-products.js';
import {
  ORDER_READ_CODE,
  ordersInEstate,
  readAnyOrders,
  readableOrderTypes,
  requireVisibleItem,
  visibleOrderItems,
} from './order-access.js';
import { orderEventsResource, orderItemsResource, ordersResource } from './orders-resources.js';
import { pendingCheck } from './pending-check.js';

const OrderIdParams = z.object({ orderId: IdParamSchema });
const ItemIdParams = z.object({ id: IdParamSchema });
const EventsParams = z.object({ orderItemId: IdParamSchema });
const PendingParams = z.object({
  cli: NonEmptyStringSchema.max(32),
  orderItemId: IdParamSchema,
});

const readOrdersOrSummary = {
  anyOf: [...readAnyOrders.anyOf, { code: 'EndPointSummary', accessType: 'Read' }],
} as const;

const productLists: ReadonlyArray<{ path: string; type: ContractProductType }> = [
  { path: '/api/orders/orderitemadditionalproducts/:id', type: 'Additional' },
  { path: '/api/orders/orderiteminclusiveproducts/:id', type: 'Inclusive' },
];

/** An OData row with its null fields left out: the contract's order item has optional fields, not nullable ones. */
function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
}

/** Orders (spec 2.13, 7): the two lists, an order's items and their products, item events and the pending check. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  for (const type of ['broadband', 'mobile'] as const satisfies readonly OrderType[]) {
    app.get(
      `/api/orders/${type}`,
      {
        config: { access: { anyOf: [{ code: ORDER_READ_CODE[type], accessType: 'Read' }] } },
        schema: {
          tags: ['orders'],
          summary: `The ${type} orders of the caller's estate, newest first (OData: $select, $filter, $orderby, $top, $skip, $count)`,
          querystring: ODataQuerySchema,
          response: { 200: odataList(OrderListItemSchema), ...errorResponses(400, 401, 403) },
        },
      },
      // The status and stage texts come from CHECK-constrained columns, so they fit the response's enums.
      async (request) => {
        const principal = principalOf(request);
        const scope = estateScope(db, principal);
        return runODataList({
          db,
          baseQuery: db
            .selectFrom('orders')
            .where('orders.order_type', '=', type)
            .where((eb) => ordersInEstate(eb, principal, scope)),
          resource: ordersResource,
          options: request.query,
        }) as Promise<OdataList<OrderListItem>>;
      },
    );
  }

  app.get(
    '/api/orders/:orderId/items',
    {
      config: { access: readAnyOrders },
      schema: {
        tags: ['orders'],
        summary:
          "The items of an order of the caller's estate, of a kind they may read (OData: $select, $filter, $orderby, $top, $skip, $count)",
        params: OrderIdParams,
        querystring: ODataQuerySchema,
        response: { 200: odataList(OrderItemListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const scope = estateScope(db, principal);
      const types = readableOrderTypes(principal, { viaEndpointSummary: false });
      const { orderId } = request.params;
      if (types.length === 0) throw notFound();
      const order = await db
        .selectFrom('orders')
        .select('orders.id')
        .where('orders.id', '=', orderId)
        .where((eb) => ordersInEstate(eb, principal, scope))
        .where('orders.order_type', 'in', types)
        .executeTakeFirst();
      if (!order) throw notFound();
      const list = await runODataList({
        db,
        baseQuery: visibleOrderItems(db, principal, scope, types).where('order_items.order_id', '=', orderId),
        resource: orderItemsResource,
        options: request.query,
      });
      return { ...list, value: list.value.map(withoutNulls) } as OdataList<OrderItemListItem>;
    },
  );

  for (const { path, type } of productLists) {
    app.get(
      path,
      {
        config: { access: readAnyOrders },
        schema: {
          tags: ['orders'],
          summary: `The ${type.toLowerCase()} products ordered with an order item of the caller's estate`,
          params: ItemIdParams,
          response: { 200: odataList(ContractProductSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await requireVisibleItem(db, principalOf(request), request.params.id, { viaEndpointSummary: false });
        return { value: await orderItemProducts(db, request.params.id, type) };
      },
    );
  }

  app.get(
    '/api/orders/pending/:cli/:orderItemId',
    {
      config: { access: { anyOf: [{ code: 'EndPointSummary', accessType: 'Read' }] } },
      schema: {
        tags: ['orders'],
        summary:
          "Whether the line has a request for changes in flight, and for how many whole days (the item must be the line's)",
        params: PendingParams,
        response: { 200: PendingCheckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { cli, orderItemId } = request.params;
      const check = await pendingCheck(db, estateScope(db, principalOf(request)), cli, orderItemId, new Date());
      // Said here, not only by the API-wide default: the page re-asks after every change and must never get a stored answer.
      reply.header('cache-control', 'no-store');
      return check;
    },
  );

  app.get(
    '/api/orders/orderItems/:orderItemId/events',
    {
      config: { access: readOrdersOrSummary },
      schema: {
        tags: ['orders'],
        summary:
          "The events of an order item of the caller's estate, newest first (OData: $select, $filter, $orderby, $top, $skip, $count)",
        params: EventsParams,
        querystring: ODataQuerySchema,
        response: { 200: odataList(OrderEventListItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { orderItemId } = request.params;
      await requireVisibleItem(db, principalOf(request), orderItemId, { viaEndpointSummary: true });
      // Statuses come from a CHECK-constrained column, so they fit the response's enum.
      return runODataList({
        db,
        baseQuery: db.selectFrom('order_events').where('order_events.order_item_id', '=', orderItemId),
        resource: orderEventsResource,
        options: request.query,
      }) as Promise<OdataList<OrderEventListItem>>;
    },
  );
};
