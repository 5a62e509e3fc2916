import { billOperations } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';

/**
 * The invoice calls of spec section 7 as TanStack Query options. Kept free of React and MUI so the router can
 * start them while the page's code is still downloading (app/preload-first-screen.ts).
 */

export type InvoiceChartKind = 'cost' | 'duration' | 'calls';

const CHART_ENDPOINTS = {
  cost: billOperations.costChart,
  duration: billOperations.durationChart,
  calls: billOperations.callsChart,
} as const;

/** One bar per bill, oldest first. */
export function invoiceChartQuery(kind: InvoiceChartKind) {
  return queryOptions({
    ...operationQuery(CHART_ENDPOINTS[kind], {}),
    select: (list) => list.value,
  });
}
