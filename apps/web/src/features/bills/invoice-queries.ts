import { InvoiceChartPointSchema, odataList, UnbilledCallsSchema } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

/**
 * The invoice calls of spec section 7 as TanStack Query options. Kept free of React and MUI so the router can
 * start them while the page's code is still downloading (app/preload-first-screen.ts).
 */

export const INVOICES_PATH = '/api/invoices';

export type InvoiceChartKind = 'cost' | 'duration' | 'calls';

export const INVOICE_CHART_PATHS: Record<InvoiceChartKind, string> = {
  cost: '/api/invoices/costChart',
  duration: '/api/invoices/durationChart',
  calls: '/api/invoices/callsChart',
};

const InvoiceChartSchema = odataList(InvoiceChartPointSchema);

/** One bar per bill, oldest first. */
export function invoiceChartQuery(kind: InvoiceChartKind) {
  const path = INVOICE_CHART_PATHS[kind];
  return queryOptions({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, InvoiceChartSchema.parse, { signal }),
    select: (list) => list.value,
  });
}

const UNBILLED_CALLS_PATH = '/api/invoices/unbilledCalls';

export const unbilledCallsQuery = queryOptions({
  queryKey: apiQueryKey(UNBILLED_CALLS_PATH),
  queryFn: ({ signal }) => getJson(UNBILLED_CALLS_PATH, UnbilledCallsSchema.parse, { signal }),
  select: (body) => body.value,
});

// The spec's exact call; field names in `$select` ignore case, the answer uses the API's `invoiceAmount`.
const LATEST_AMOUNT_PATH = `${INVOICES_PATH}?$select=InvoiceAmount&$top=1`;
const LatestAmountSchema = odataList(z.object({ invoiceAmount: z.number().finite() }));

/** The newest bill's amount; `null` when there is no bill yet. */
export const latestInvoiceAmountQuery = queryOptions({
  queryKey: apiQueryKey(LATEST_AMOUNT_PATH),
  queryFn: ({ signal }) => getJson(LATEST_AMOUNT_PATH, LatestAmountSchema.parse, { signal }),
  select: (list) => list.value[0]?.invoiceAmount ?? null,
});
