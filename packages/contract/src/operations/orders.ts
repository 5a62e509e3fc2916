import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { ContractProductSchema, OrderEventListItemSchema } from '../entities/contracts';
import { OrderItemListItemSchema, OrderListItemSchema, PendingCheckSchema } from '../entities/orders';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { cliParam, idParam } from '../params';

const readAnyOrders = anyOf('Read', 'MobileOrders', 'BroadbandOrders');
const OrderItemIdParams = z.object({ id: idParam('orderItem') });
const ODATA = '(OData: $select, $filter, $orderby, $top, $skip, $count)';

// Orders (spec 2.13, 7): the two lists, an order's items and their products, item events and the pending check.

export const broadband = operation({
  method: 'GET',
  path: '/api/orders/broadband',
  summary: `The broadband orders of the caller's estate, newest first ${ODATA}`,
  access: anyOf('Read', 'BroadbandOrders'),
  query: ODataQuerySchema,
  response: odataList(OrderListItemSchema),
});

export const mobile = operation({
  method: 'GET',
  path: '/api/orders/mobile',
  summary: `The mobile orders of the caller's estate, newest first ${ODATA}`,
  access: anyOf('Read', 'MobileOrders'),
  query: ODataQuerySchema,
  response: odataList(OrderListItemSchema),
});

export const items = operation({
  method: 'GET',
  path: '/api/orders/:orderId/items',
  summary: `The items of an order of the caller's estate, of a kind they may read ${ODATA}`,
  access: readAnyOrders,
  params: z.object({ orderId: idParam('order') }),
  query: ODataQuerySchema,
  response: odataList(OrderItemListItemSchema),
});

export const additionalProducts = operation({
  method: 'GET',
  path: '/api/orders/orderitemadditionalproducts/:id',
  summary: "The additional products ordered with an order item of the caller's estate",
  access: readAnyOrders,
  params: OrderItemIdParams,
  response: odataList(ContractProductSchema),
});

export const inclusiveProducts = operation({
  method: 'GET',
  path: '/api/orders/orderiteminclusiveproducts/:id',
  summary: "The inclusive products ordered with an order item of the caller's estate",
  access: readAnyOrders,
  params: OrderItemIdParams,
  response: odataList(ContractProductSchema),
});

export const pending = operation({
  method: 'GET',
  path: '/api/orders/pending/:cli/:orderItemId',
  summary:
    "Whether the line has a request for changes in flight, and for how many whole days (the item must be the line's)",
  access: anyOf('Read', 'EndPointSummary'),
  params: z.object({ cli: cliParam(), orderItemId: idParam('orderItem') }),
  response: PendingCheckSchema,
});

export const itemEvents = operation({
  method: 'GET',
  path: '/api/orders/orderItems/:orderItemId/events',
  summary: `The events of an order item of the caller's estate, newest first ${ODATA}`,
  access: anyOf('Read', 'MobileOrders', 'BroadbandOrders', 'EndPointSummary'),
  params: z.object({ orderItemId: idParam('orderItem') }),
  query: ODataQuerySchema,
  response: odataList(OrderEventListItemSchema),
});
