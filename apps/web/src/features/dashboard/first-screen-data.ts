import { type Permission, usageEndpoints } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';
import { invoiceChartQuery, latestInvoiceAmountQuery, unbilledCallsQuery } from '../bills/invoice-queries';
import { dashboardSections } from './dashboard-sections';
import { broadbandContractCountQuery, mobileDeviceCountQuery } from './estate-count-queries';

/**
 * The first data of the dashboard and My Bills, started as soon as the caller's permissions are known (while the
 * page's code may still be downloading). Only calls the permissions allow are made: a 403 would end the session.
 */

export function prefetchDashboardData(queryClient: QueryClient, held: ReadonlyArray<Permission>): void {
  const sections = dashboardSections(held);
  if (sections.bills) {
    void queryClient.prefetchQuery(unbilledCallsQuery);
    void queryClient.prefetchQuery(latestInvoiceAmountQuery);
    void queryClient.prefetchQuery(invoiceChartQuery('cost'));
  }
  if (sections.mobile) {
    void queryClient.prefetchQuery(mobileDeviceCountQuery);
    void queryClient.prefetchQuery(endpointQuery(usageEndpoints.userMonthly, {}));
  }
  if (sections.broadband) void queryClient.prefetchQuery(broadbandContractCountQuery);
}

export function prefetchMyBillsData(queryClient: QueryClient, held: ReadonlyArray<Permission>): void {
  if (!dashboardSections(held).bills) return;
  for (const kind of ['cost', 'duration', 'calls'] as const) void queryClient.prefetchQuery(invoiceChartQuery(kind));
}
