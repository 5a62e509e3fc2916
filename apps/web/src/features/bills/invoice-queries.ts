import { invoiceEndpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';

/**
 * The invoice calls of spec section 7 as TanStack Query options. Kept free of React and MUI so the router can
 * start them while the page's code is still downloading (app/preload-first-screen.ts).
 */

export type InvoiceChartKind = 'cost' | 'duration' | 'calls';

const CHART_ENDPOINTS = {
  cost: invoiceEndpoints.costChart,
  duration: invoiceEndpoints.durationChart,
  calls: invoiceEndpoints.callsChart,
} as const;

/** One bar per bill, oldest first. */
export function invoiceChartQuery(kind: InvoiceChartKind) {
  return queryOptions({
    ...endpointQuery(CHART_ENDPOINTS[kind], {}),
    select: (list) => list.value,
  });
}

export const unbilledCallsQuery = queryOptions({
  ...endpointQuery(invoiceEndpoints.unbilledCalls, {}),
  select: (body) => body.value,
});

/** The newest bill's amount; `null` when there is no bill yet. */
export const latestInvoiceAmountQuery = queryOptions({
  // The spec's exact call; field names in `$select` ignore case, the answer uses the API's `invoiceAmount`.
  ...endpointQuery(invoiceEndpoints.list, { query: { $select: 'InvoiceAmount', $top: '1' } }),
  select: (list) => list.value[0]?.invoiceAmount ?? null,
});
