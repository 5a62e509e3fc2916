import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { readPermissions } from '../bills/test-utils';
import { prefetchDashboardData, prefetchMyBillsData } from './first-screen-data';

function prefetchedPaths(run: (client: QueryClient) => void): string[] {
  const client = new QueryClient();
  const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
  run(client);
  return prefetch.mock.calls.map(([options]) => String(options.queryKey[1]));
}

describe('first-screen data', () => {
  it('starts only the dashboard calls the permissions allow (a 403 would end the session)', () => {
    expect(prefetchedPaths((client) => prefetchDashboardData(client, readPermissions('MobileUserEstate')))).toEqual([
      '/api/endpoints/mobileHandset/user?$count=true&$top=0',
      '/api/users/monthlyUsage',
    ]);
    expect(prefetchedPaths((client) => prefetchDashboardData(client, readPermissions('BroadbandUserEstate')))).toEqual([
      '/api/endpoints/broadbandConnection/user?$count=true&$top=0',
    ]);
    expect(prefetchedPaths((client) => prefetchDashboardData(client, readPermissions('ManageSite')))).toEqual([]);
  });

  it("starts the bill tiles' calls per company once the companies are known", async () => {
    const client = new QueryClient();
    const companies = {
      value: [
        { id: 3, name: 'Initech Holdings Ltd' },
        { id: 4, name: 'Initech Field Services Ltd' },
      ],
    };
    vi.spyOn(client, 'fetchQuery').mockResolvedValue(companies);
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    prefetchDashboardData(client, readPermissions('ViewMyBills'));
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(5));
    expect(prefetch.mock.calls.map(([options]) => String(options.queryKey[1]))).toEqual([
      '/api/invoices/costChart',
      '/api/invoices/unbilledCalls?companyId=3',
      '/api/invoices?$select=billDate%2CinvoiceAmount&$filter=companyId+eq+3&$orderby=billDate+desc&$top=1',
      '/api/invoices/unbilledCalls?companyId=4',
      '/api/invoices?$select=billDate%2CinvoiceAmount&$filter=companyId+eq+4&$orderby=billDate+desc&$top=1',
    ]);
  });

  it('starts the three My Bills charts for bill readers only', () => {
    expect(prefetchedPaths((client) => prefetchMyBillsData(client, readPermissions('ViewMyBills')))).toEqual([
      '/api/invoices/costChart',
      '/api/invoices/durationChart',
      '/api/invoices/callsChart',
    ]);
    expect(prefetchedPaths((client) => prefetchMyBillsData(client, []))).toEqual([]);
  });
});
