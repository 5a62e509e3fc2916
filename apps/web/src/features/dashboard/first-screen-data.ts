import { type Permission, usageOperations } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { companiesInView, companyFilter } from '../../api/company-filter';
import { operationQuery } from '../../api/operations';
import { companyNamesQuery } from '../../session/useSession';
import { invoiceChartQuery } from '../bills/invoice-queries';
import { latestBillQuery, unbilledCallsQuery } from './bill-tile-queries';
import { broadbandContractCountQuery, mobileDeviceCountQuery } from './count-queries';
import { dashboardSections } from './dashboard-sections';

/**
 * The first data of the dashboard and My Bills, started as soon as the caller's permissions are known (while the
 * page's code may still be downloading). Only calls the permissions allow are made: a 403 would end the session.
 */

export function prefetchDashboardData(queryClient: QueryClient, held: ReadonlyArray<Permission>): void {
  const sections = dashboardSections(held);
  if (sections.bills) {
    void prefetchBillTiles(queryClient);
    void queryClient.prefetchQuery(invoiceChartQuery('cost'));
  }
  if (sections.mobile) {
    void queryClient.prefetchQuery(mobileDeviceCountQuery);
    void queryClient.prefetchQuery(operationQuery(usageOperations.userMonthly, {}));
  }
  if (sections.broadband) void queryClient.prefetchQuery(broadbandContractCountQuery);
}

/** The bill tiles ask per company, so their calls start once the companies are known. */
async function prefetchBillTiles(queryClient: QueryClient): Promise<void> {
  // A failure here costs only the head start: the tiles load the same data themselves.
  const companies = await queryClient.fetchQuery(companyNamesQuery).catch(() => undefined);
  for (const company of companiesInView(companies?.value ?? [], companyFilter.get())) {
    void queryClient.prefetchQuery(unbilledCallsQuery(company.id));
    void queryClient.prefetchQuery(latestBillQuery(company.id));
  }
}

export function prefetchMyBillsData(queryClient: QueryClient, held: ReadonlyArray<Permission>): void {
  if (!dashboardSections(held).bills) return;
  for (const kind of ['cost', 'duration', 'calls'] as const) void queryClient.prefetchQuery(invoiceChartQuery(kind));
}
