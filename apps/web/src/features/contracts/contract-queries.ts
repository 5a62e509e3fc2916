import {
  type Contract,
  contractOperations,
  type EndpointTypeId,
  estateOperations,
  orderOperations,
  partnerOperations,
} from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound, operationQuery, operationRequest } from '../../api/operations';
import { UNCACHED_QUERY_OPTIONS } from '../../api/query-cache';

/**
 * The reads the mobile device page and the broadband contract page share: the line by its number, its contract, the
 * pending-change check, the partner's settings and the contract's products.
 */

/** An OData string literal: a quote inside is doubled. */
const odataString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The line of this type with this number in the caller's estate; null when there is none. */
export function useLineEndpoint(cli: string, endPointTypeId: EndpointTypeId) {
  return useQuery({
    ...operationQuery(estateOperations.list, {
      query: {
        $filter: `identifier eq ${odataString(cli)} and endPointTypeId eq ${endPointTypeId}`,
        $top: '1',
      },
    }),
    select: (list) => {
      const row = list.value[0];
      return row?.id === undefined ? null : { id: row.id, name: row.name ?? cli };
    },
  });
}

/**
 * The line's current contract; null when it has none the caller may see (404); not asked for an empty number.
 * `beforeReload` runs before every load but the first (the broadband card's reload delay, spec 4).
 */
export function useLineContract(cli: string, beforeReload?: (signal: AbortSignal) => Promise<void>) {
  const queryClient = useQueryClient();
  const request = operationRequest(contractOperations.byCli, { params: { cli } });
  return useQuery({
    queryKey: request.queryKey,
    queryFn: async ({ signal }): Promise<Contract | null> => {
      const reload = queryClient.getQueryData(request.queryKey) !== undefined;
      if (reload && beforeReload) await beforeReload(signal);
      try {
        return await request.fetch(signal);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: cli !== '',
  });
}

/** Whether a change of the line is in flight (spec 4); asked afresh each time, never from a cache (spec 7). */
export function pendingCheckQuery(cli: string, orderItemId: number) {
  return queryOptions({
    ...operationQuery(orderOperations.pending, { params: { cli, orderItemId } }, { disableCache: true }),
    ...UNCACHED_QUERY_OPTIONS,
  });
}

export function usePartnerSettings() {
  return useQuery(operationQuery(partnerOperations.settings, {}));
}

/** The contract's additional and inclusive products, as one list (the products card). */
export function useContractProducts(orderItemId: number) {
  const additional = useQuery({
    ...operationQuery(contractOperations.additionalProducts, { params: { orderItemId } }),
    select: (list) => list.value,
  });
  const inclusive = useQuery({
    ...operationQuery(contractOperations.inclusiveProducts, { params: { orderItemId } }),
    select: (list) => list.value,
  });
  return {
    data: additional.data && inclusive.data ? [...additional.data, ...inclusive.data] : undefined,
    isError: additional.isError || inclusive.isError,
    refetch: () => {
      if (additional.isError) void additional.refetch();
      if (inclusive.isError) void inclusive.refetch();
    },
  };
}
