import {
  type Contract,
  contractEndpoints,
  ENDPOINT_TYPE,
  endpointEndpoints,
  FIRST_CARRIER_HIDDEN_BAR_ID,
  firstCarrierEndpoints,
  orderEndpoints,
  partnerEndpoints,
  SPEND_LIMIT_ADDON_PAGE_SIZE,
  SPEND_LIMIT_ADDON_TYPE,
  secondCarrierEndpoints,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery, endpointRequest, isNotFound } from '../../api/endpoints';
import { UNCACHED_QUERY_OPTIONS } from '../../api/query-cache';
import type { CarrierLine } from './device-carrier';

/** The API areas the device page reads: its refresh button reloads them all. */
export const DEVICE_PAGE_AREAS = ['endpoints', 'contracts', 'orders', 'partners', 'mobileHalo', 'mobileVertex'];

/** An OData string literal: a quote inside is doubled. */
const odataString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The mobile device with this number in the caller's estate; null when there is none. */
export function useDeviceEndpoint(cli: string) {
  return useQuery({
    ...endpointQuery(endpointEndpoints.list, {
      query: {
        $filter: `identifier eq ${odataString(cli)} and endPointTypeId eq ${ENDPOINT_TYPE.mobile}`,
        $top: '1',
      },
    }),
    select: (list) => {
      const row = list.value[0];
      return row?.id === undefined ? null : { id: row.id, name: row.name ?? cli };
    },
  });
}

/** The line's current contract; null when it has none the caller may see (404). */
export function useDeviceContract(cli: string) {
  const request = endpointRequest(contractEndpoints.byCli, { params: { cli } });
  return useQuery({
    queryKey: request.queryKey,
    queryFn: async ({ signal }): Promise<Contract | null> => {
      try {
        return await request.fetch(signal);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}

/** Whether a change of the line is in flight (spec 4); asked afresh each time, never from a cache (spec 7). */
export function pendingCheckQuery(cli: string, orderItemId: number) {
  return queryOptions({
    ...endpointQuery(orderEndpoints.pending, { params: { cli, orderItemId } }, { disableCache: true }),
    ...UNCACHED_QUERY_OPTIONS,
  });
}

export function usePartnerSettings() {
  return useQuery(endpointQuery(partnerEndpoints.settings, {}));
}

/** The contract's additional and inclusive products, as one list (the products card). */
export function useContractProducts(orderItemId: number) {
  const additional = useQuery({
    ...endpointQuery(contractEndpoints.additionalProducts, { params: { orderItemId } }),
    select: (list) => list.value,
  });
  const inclusive = useQuery({
    ...endpointQuery(contractEndpoints.inclusiveProducts, { params: { orderItemId } }),
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

/** The SIM number the line's carrier has for it. */
export function useSimNumber(line: CarrierLine) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.details, { params: { id: line.endpointId } }),
    select: (details) => details.serial_number.number,
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.details, {
      params: { supplierId: line.supplierId as 27 | 36, id: line.endpointId },
    }),
    select: (details) => details.simNo,
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}

export function spendLimitStatusQuery(endpointId: number) {
  return endpointQuery(firstCarrierEndpoints.spendLimitStatus, { params: { id: endpointId } });
}

/** One bar of either carrier as the barring dialog shows it: its id in the carrier's terms, name and state. */
export interface LineBar {
  key: string;
  name: string;
  active: boolean;
}

/** The bars the line may have, each marked active when it has it (spec 2.14; bar 374 hidden, spec 5). */
export function useLineBars(line: CarrierLine, orderItemId: number) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.tariffAddons, {
      query: {
        type: String(SPEND_LIMIT_ADDON_TYPE),
        pagesize: String(SPEND_LIMIT_ADDON_PAGE_SIZE),
        orderItemId: String(orderItemId),
      },
    }),
    select: (list): LineBar[] =>
      list.value
        .filter((bar) => bar.id !== FIRST_CARRIER_HIDDEN_BAR_ID)
        .map((bar) => ({ key: String(bar.id), name: bar.name, active: bar.active })),
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.bars, {
      params: { supplierId: line.supplierId as 27 | 36, id: line.endpointId },
    }),
    select: (list): LineBar[] =>
      list.value.map((bar) => ({ key: bar.networkSuffix, name: bar.description, active: bar.active })),
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}

/** The carrier's rule for a new SIM number (pattern and message). */
export function useSimRule(line: CarrierLine) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.simValidation, {}),
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.simValidation, { query: { supplierId: line.supplierId as 27 | 36 } }),
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}
