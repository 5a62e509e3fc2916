// @vitest-environment jsdom
import type { FunctionalityCode } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../components/data-table/test-utils';
import { readPermissions, renderWithPermissions } from '../bills/test-utils';
import { DashboardPage } from './DashboardPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

interface Figures {
  unbilledCalls?: number;
  latestAmount?: number;
  devices?: number;
  contracts?: number;
}

/** The dashboard's calls; each waits for `release` so the test can look at the placeholders first. */
function dashboardApi(figures: Figures, release: Promise<void> = Promise.resolve()) {
  const requested: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    requested.push(`${url.pathname}${url.search}`);
  };
  server.use(
    http.get('http://localhost/api/invoices/unbilledCalls', async ({ request }) => {
      record(request);
      await release;
      return HttpResponse.json({ value: figures.unbilledCalls ?? 0 });
    }),
    http.get('http://localhost/api/invoices/costChart', ({ request }) => {
      record(request);
      return HttpResponse.json({ value: [] });
    }),
    http.get('http://localhost/api/invoices', async ({ request }) => {
      record(request);
      await release;
      const url = new URL(request.url);
      if (url.searchParams.get('$select') === 'InvoiceAmount') {
        return HttpResponse.json({ value: [{ invoiceAmount: figures.latestAmount ?? 0 }] });
      }
      return HttpResponse.json({ value: [], '@odata.count': 0 });
    }),
    http.get('http://localhost/api/endpoints/mobileHandset/user', async ({ request }) => {
      record(request);
      await release;
      return HttpResponse.json({ value: [], '@odata.count': figures.devices ?? 0 });
    }),
    http.get('http://localhost/api/endpoints/broadbandConnection/user', async ({ request }) => {
      record(request);
      await release;
      return HttpResponse.json({ value: [], '@odata.count': figures.contracts ?? 0 });
    }),
    http.get('http://localhost/api/users/monthlyUsage', ({ request }) => {
      record(request);
      return HttpResponse.json({ value: [] });
    }),
  );
  return requested;
}

function renderDashboard(...codes: FunctionalityCode[]) {
  return renderWithPermissions(<DashboardPage />, readPermissions(...codes));
}

function tile(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('dashboard', () => {
  it('shows the placeholders until the figures arrive', async () => {
    const release = deferred();
    dashboardApi({ unbilledCalls: 1234, latestAmount: 987.6, devices: 60, contracts: 20 }, release.promise);
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'BroadbandUserEstate');

    expect(within(tile('Unbilled Calls')).getByText('-')).toBeTruthy();
    expect(within(tile('Latest Bill')).getByText('£--.--')).toBeTruthy();
    expect(within(tile('Your Estate')).getByText('- Devices')).toBeTruthy();
    expect(within(tile('Your Estate')).getByText('- Broadband Contracts')).toBeTruthy();

    release.resolve();
    expect(await within(tile('Unbilled Calls')).findByText('1,234')).toBeTruthy();
    expect(await within(tile('Latest Bill')).findByText('£987.60')).toBeTruthy();
    expect(await within(tile('Your Estate')).findByRole('link', { name: '60 Devices' })).toBeTruthy();
    expect(within(tile('Your Estate')).getByRole('link', { name: '20 Broadband Contracts' })).toBeTruthy();
  });

  it('drops the plural suffix for a count of one', async () => {
    dashboardApi({ devices: 1, contracts: 1 });
    renderDashboard('MobileUserEstate', 'BroadbandUserEstate');
    expect(await screen.findByRole('link', { name: '1 Device' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '1 Broadband Contract' })).toBeTruthy();
  });

  it('gives a full user every tile and card', async () => {
    const requested = dashboardApi({});
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'BroadbandUserEstate');
    for (const name of [
      'Unbilled Calls',
      'Latest Bill',
      'Your Estate',
      'Monthly Cost',
      'Monthly Mobile Usage',
      'My Bills',
    ]) {
      expect(tile(name)).toBeTruthy();
    }
    const bills = await screen.findByRole('table', { name: 'Latest bills' });
    expect(bills).toBeTruthy();
    // The My Bills table: five a page, newest first.
    const page = requested
      .filter((path) => path.startsWith('/api/invoices?') && !path.includes('InvoiceAmount'))
      .map((path) => new URLSearchParams(path.slice(path.indexOf('?'))));
    expect(page.map((params) => [params.get('$top'), params.get('$orderby')])).toEqual([['5', 'billDate desc']]);
    expect(requested).toContain('/api/invoices?$select=InvoiceAmount&$top=1');
    expect(requested).toContain('/api/endpoints/mobileHandset/user?$count=true&$top=0');
    expect(requested).toContain('/api/endpoints/broadbandConnection/user?$count=true&$top=0');
    await waitFor(() => expect(requested).toContain('/api/users/monthlyUsage'));
  });

  it('gives a bills-only user the bills tiles and cards, and no estate', async () => {
    const requested = dashboardApi({});
    renderDashboard('ViewMyBills', 'DownloadBill', 'DownloadCDRs');
    expect(tile('Unbilled Calls')).toBeTruthy();
    expect(tile('Latest Bill')).toBeTruthy();
    expect(tile('Monthly Cost')).toBeTruthy();
    expect(tile('My Bills')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your Estate' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Monthly Mobile Usage' })).toBeNull();
    await screen.findByRole('table', { name: 'Latest bills' });
    expect(requested.some((path) => path.startsWith('/api/endpoints') || path.startsWith('/api/users'))).toBe(false);
  });

  it('gives a mobile user the device count and the usage card, and nothing of bills', async () => {
    const requested = dashboardApi({ devices: 1 });
    renderDashboard('MobileUserEstate', 'EndPointSummary');
    expect(await within(tile('Your Estate')).findByRole('link', { name: '1 Device' })).toBeTruthy();
    expect(within(tile('Your Estate')).queryByText(/Broadband Contract/)).toBeNull();
    expect(tile('Monthly Mobile Usage')).toBeTruthy();
    for (const name of ['Unbilled Calls', 'Latest Bill', 'Monthly Cost', 'My Bills']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    await waitFor(() => expect(requested).toContain('/api/users/monthlyUsage'));
    expect(requested.some((path) => path.startsWith('/api/invoices'))).toBe(false);
  });

  it('gives a broadband user only the contract count', async () => {
    dashboardApi({ contracts: 3 });
    renderDashboard('BroadbandUserEstate');
    expect(await within(tile('Your Estate')).findByRole('link', { name: '3 Broadband Contracts' })).toBeTruthy();
    expect(within(tile('Your Estate')).queryByText(/Device/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Monthly Mobile Usage' })).toBeNull();
  });

  it('welcomes a user with none of the dashboard permissions instead of showing an empty grid', () => {
    const requested = dashboardApi({});
    renderDashboard('MobileSiteEstate', 'ManageSite');
    expect(screen.getByRole('region', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText(/View your bills, usage and orders/)).toBeTruthy();
    expect(requested).toEqual([]);
  });

  it('waits for the permissions before choosing what to show', () => {
    renderWithPermissions(<DashboardPage />, undefined);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
  });
});
