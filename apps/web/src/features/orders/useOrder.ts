import {
  ContractProductSchema,
  OrderItemListItemSchema,
  OrderSchema,
  odataList,
  odataQueryParams,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';
import { ORDER_KINDS, type OrderKind } from './order-kinds';

const OrderListSchema = odataList(OrderSchema);
const ItemListSchema = odataList(OrderItemListItemSchema);
const ProductListSchema = odataList(ContractProductSchema);

/** An order's header, read from its kind's list: the spec has no single-order call. */
export function useOrder(kind: OrderKind, orderId: number) {
  const path = `${ORDER_KINDS[kind].listPath}?${odataQueryParams({ $filter: `orderId eq ${orderId}`, $top: 1 })}`;
  return useQuery({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, OrderListSchema.parse, { signal }),
    select: (list) => list.value[0] ?? null,
    enabled: Number.isSafeInteger(orderId) && orderId > 0,
  });
}

/** Every item of an order (orders hold a handful; the page size cap is the limit). */
export function useOrderItems(orderId: number) {
  const path = `/api/orders/${orderId}/items?${odataQueryParams({ $top: 100, $orderby: 'orderItemId' })}`;
  return useQuery({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, ItemListSchema.parse, { signal }),
    select: (list) => list.value,
    enabled: Number.isSafeInteger(orderId) && orderId > 0,
  });
}

/** The additional products ordered with an item. */
export function useAdditionalProducts(orderItemId: number | undefined) {
  const path = `/api/orders/orderitemadditionalproducts/${orderItemId}`;
  return useQuery({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, ProductListSchema.parse, { signal }),
    select: (list) => list.value,
    enabled: orderItemId !== undefined,
  });
}
