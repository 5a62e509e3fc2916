import { OrderSchema, orderOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';
import type { OrderKind } from './order-kinds';

const isId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** An order's header, read from its kind's list: the spec has no single-order call. */
export function useOrder(kind: OrderKind, orderId: number) {
  return useQuery({
    ...operationQuery(orderOperations[kind], { query: { $filter: `orderId eq ${orderId}`, $top: '1' } }),
    // A list row has optional fields (for $select); the page needs the whole order.
    select: (list) => (list.value[0] ? OrderSchema.parse(list.value[0]) : null),
    enabled: isId(orderId),
  });
}

/** Every item of an order (orders hold a handful; the page size cap is the limit). */
export function useOrderItems(orderId: number) {
  return useQuery({
    ...operationQuery(orderOperations.items, {
      params: { orderId },
      query: { $top: '100', $orderby: 'orderItemId' },
    }),
    select: (list) => list.value,
    enabled: isId(orderId),
  });
}

/** The additional products ordered with an item. */
export function useAdditionalProducts(orderItemId: number | undefined) {
  return useQuery({
    ...operationQuery(orderOperations.additionalProducts, { params: { id: orderItemId ?? 0 } }),
    select: (list) => list.value,
    enabled: orderItemId !== undefined,
  });
}
