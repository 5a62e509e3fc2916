// @vitest-environment jsdom
import type { FunctionalityCode, NamedRef } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/session-store';
import { deferred } from '../../components/data-table/test-utils';
import { readPermissions, renderWithPermissions } from '../bills/test-utils';
import { DashboardPage } from './DashboardPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The companies are asked for only in a session; the token names the user the welcome greets.
const claims = btoa(JSON.stringify({ given_name: 'acme.sitemanager' })).replace(/=+$/, '');
beforeEach(() => sessionStore.setTokens(`header.${claims}.signature`, 3600));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStore.clear();
});
afterAll(() => server.close());

const ACME: NamedRef = { id: 1, name: 'Acme Logistics Ltd' };
const HOLDINGS: NamedRef = { id: 3, name: 'Initech Holdings Ltd' };
const FIELD: NamedRef = { id: 4, name: 'Initech Field Services Ltd' };

interface CompanyFigures {
  unbilledCalls?: number;
  /** Undefined: the company has no bill yet. */
  latestBill?: { billDate: string; invoiceAmount: number };
}

interface Figures {
  companies?: NamedRef[];
  byCompany?: Record<number, CompanyFigures>;
  devices?: number;
  contracts?: number;
  mobileOrders?: number;
  broadbandOrders?: number;
}

/** Requests answered 500 until the test lets them through. */
type Failing = (path: string) => boolean;

/** The dashboard's calls; each waits for `release` so the test can look at the placeholders first. */
function dashboardApi(figures: Figures, release: Promise<void> = Promise.resolve(), failing: Failing = () => false) {
  const requested: string[] = [];
  const companies = figures.companies ?? [ACME];
  const answer = async (request: Request, reply: (url: URL) => Response) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${decodeURIComponent(url.search.replaceAll('+', ' '))}`;
    requested.push(path);
    await release;
    if (failing(path)) return HttpResponse.json({ code: 'internal', message: 'Failed' }, { status: 500 });
    return reply(url);
  };
  const companyOf = (url: URL, filter: string | null) =>
    figures.byCompany?.[Number(filter ?? url.searchParams.get('companyId'))] ?? {};
  const count = (value = 0) => HttpResponse.json({ value: [], '@odata.count': value });
  server.use(
    http.get('http://localhost/api/companies/names', ({ request }) =>
      answer(request, () => HttpResponse.json({ value: companies })),
    ),
    http.get('http://localhost/api/invoices/unbilledCalls', ({ request }) =>
      answer(request, (url) => HttpResponse.json({ value: companyOf(url, null).unbilledCalls ?? 0 })),
    ),
    http.get('http://localhost/api/invoices/costChart', ({ request }) =>
      answer(request, () => HttpResponse.json({ value: [] })),
    ),
    http.get('http://localhost/api/invoices', ({ request }) =>
      answer(request, (url) => {
        const filter = /^companyId eq (\d+)$/.exec(url.searchParams.get('$filter') ?? '');
        if (filter) {
          const bill = companyOf(url, filter[1] ?? null).latestBill;
          return HttpResponse.json({ value: bill ? [bill] : [] });
        }
        return count(0);
      }),
    ),
    http.get('http://localhost/api/endpoints/mobileHandset/user', ({ request }) =>
      answer(request, () => count(figures.devices)),
    ),
    http.get('http://localhost/api/endpoints/broadbandConnection/user', ({ request }) =>
      answer(request, () => count(figures.contracts)),
    ),
    http.get('http://localhost/api/orders/mobile', ({ request }) => answer(request, () => count(figures.mobileOrders))),
    http.get('http://localhost/api/orders/broadband', ({ request }) =>
      answer(request, () => count(figures.broadbandOrders)),
    ),
    http.get('http://localhost/api/users/monthlyUsage', ({ request }) =>
      answer(request, () => HttpResponse.json({ value: [] })),
    ),
  );
  return requested;
}

function renderDashboard(...codes: FunctionalityCode[]) {
  return renderWithPermissions(<DashboardPage />, readPermissions(...codes));
}

function tile(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The list item of one company in a tile. */
function companyRow(tileName: string, company: NamedRef): HTMLElement {
  const row = within(tile(tileName))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(company.name));
  if (!row) throw new Error(`No row of ${company.name} in ${tileName}`);
  return row;
}

describe('dashboard', () => {
  it('shows the placeholders until the figures arrive, then names whose they are', async () => {
    const release = deferred();
    dashboardApi(
      {
        byCompany: { 1: { unbilledCalls: 1234, latestBill: { billDate: '2026-11-05', invoiceAmount: 987.6 } } },
        devices: 60,
        contracts: 20,
      },
      release.promise,
    );
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'BroadbandUserEstate');
    // The companies load with the permissions: the page waits for both before choosing what to show.
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    release.resolve();

    expect(await within(await screen.findByRole('region', { name: 'Latest Bill' })).findByText('£987.60')).toBeTruthy();
    expect(within(tile('Latest Bill')).getByText('Acme Logistics Ltd · billed 05/11/2026')).toBeTruthy();
    expect(await within(tile('Unbilled Calls')).findByText('1,234')).toBeTruthy();
    expect(within(tile('Unbilled Calls')).getByText('Acme Logistics Ltd')).toBeTruthy();
    expect(await within(tile('Your Estate')).findByText('60 Devices')).toBeTruthy();
    expect(within(tile('Your Estate')).getByText('20 Broadband Contracts')).toBeTruthy();
    const link = (name: string) => within(tile('Your Estate')).getByRole('link', { name });
    expect(link('60 Devices').getAttribute('href')).toBe('/mobile/estate');
    expect(link('20 Broadband Contracts').getAttribute('href')).toBe('/broadband/estate');
    expect(within(tile('Your Estate')).getByText('Acme Logistics Ltd')).toBeTruthy();
  });

  it("shows the spec's loading texts while the figures load", async () => {
    const release = deferred();
    let companiesAnswered = false;
    const requested = dashboardApi({ devices: 60 }, release.promise);
    server.use(
      http.get('http://localhost/api/companies/names', () => {
        companiesAnswered = true;
        return HttpResponse.json({ value: [ACME] });
      }),
    );
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'BroadbandUserEstate');
    await waitFor(() => expect(companiesAnswered).toBe(true));

    expect(await within(await screen.findByRole('region', { name: 'Unbilled Calls' })).findByText('-')).toBeTruthy();
    expect(within(tile('Latest Bill')).getByText('£--.--')).toBeTruthy();
    expect(within(tile('Your Estate')).getByText('- Devices')).toBeTruthy();
    expect(within(tile('Your Estate')).getByText('- Broadband Contracts')).toBeTruthy();
    release.resolve();
    expect(await within(tile('Your Estate')).findByText('60 Devices')).toBeTruthy();
    expect(requested).toContain(
      '/api/invoices?$select=billDate,invoiceAmount&$filter=companyId eq 1&$orderby=billDate desc&$top=1',
    );
  });

  it("gives a user with several companies each company's latest bill and unbilled calls", async () => {
    const requested = dashboardApi({
      companies: [FIELD, HOLDINGS],
      byCompany: {
        3: { unbilledCalls: 52, latestBill: { billDate: '2026-11-05', invoiceAmount: 248.16 } },
        4: { unbilledCalls: 44 },
      },
      devices: 12,
    });
    renderDashboard('ViewMyBills', 'MobileUserEstate');
    await screen.findByRole('region', { name: 'Latest Bill' });

    expect(await within(companyRow('Latest Bill', HOLDINGS)).findByText('£248.16')).toBeTruthy();
    expect(within(companyRow('Latest Bill', HOLDINGS)).getByText('billed 05/11/2026')).toBeTruthy();
    expect(await within(companyRow('Latest Bill', FIELD)).findByText('No bills yet')).toBeTruthy();
    expect(await within(companyRow('Unbilled Calls', HOLDINGS)).findByText('52')).toBeTruthy();
    expect(await within(companyRow('Unbilled Calls', FIELD)).findByText('44')).toBeTruthy();
    // The device list cannot be split by company: its count says it spans them.
    expect(await within(tile('Your Estate')).findByText('Across your 2 companies')).toBeTruthy();
    expect(requested).toContain('/api/invoices/unbilledCalls?companyId=3');
    expect(requested).toContain('/api/invoices/unbilledCalls?companyId=4');
  });

  it('shows a failed figure as a failure with a Retry that asks again', async () => {
    let failing = true;
    const requested = dashboardApi(
      {
        byCompany: { 1: { unbilledCalls: 7, latestBill: { billDate: '2026-10-05', invoiceAmount: 12.5 } } },
        devices: 3,
      },
      Promise.resolve(),
      (path) => failing && (path.includes('companyId') || path.startsWith('/api/endpoints')),
    );
    renderDashboard('ViewMyBills', 'MobileUserEstate');

    const latest = await screen.findByRole('region', { name: 'Latest Bill' });
    expect(await within(latest).findByText("Couldn't load")).toBeTruthy();
    expect(await within(tile('Unbilled Calls')).findByText("Couldn't load")).toBeTruthy();
    expect(await within(tile('Your Estate')).findByText("Devices: Couldn't load")).toBeTruthy();
    // Never drawn as nothing: no zero, no "No bills yet".
    expect(within(latest).queryByText('No bills yet')).toBeNull();
    expect(within(tile('Unbilled Calls')).queryByText('0')).toBeNull();

    failing = false;
    const before = requested.length;
    fireEvent.click(within(latest).getByRole('button', { name: 'Retry' }));
    expect(await within(latest).findByText('£12.50')).toBeTruthy();
    // Only the retried figure asked again.
    expect(requested.slice(before)).toEqual([
      '/api/invoices?$select=billDate,invoiceAmount&$filter=companyId eq 1&$orderby=billDate desc&$top=1',
    ]);
    expect(within(tile('Unbilled Calls')).getByText("Couldn't load")).toBeTruthy();
    fireEvent.click(within(tile('Unbilled Calls')).getByRole('button', { name: 'Retry' }));
    expect(await within(tile('Unbilled Calls')).findByText('7')).toBeTruthy();
    fireEvent.click(within(tile('Your Estate')).getByRole('button', { name: 'Retry' }));
    expect(await within(tile('Your Estate')).findByText('3 Devices')).toBeTruthy();
  });

  it('shows companies that failed to load as a failure in the bill tiles, and retries them', async () => {
    let failing = true;
    dashboardApi(
      { byCompany: { 1: { unbilledCalls: 2, latestBill: { billDate: '2026-10-05', invoiceAmount: 1 } } } },
      Promise.resolve(),
      (path) => failing && path === '/api/companies/names',
    );
    renderDashboard('ViewMyBills');
    const latest = await screen.findByRole('region', { name: 'Latest Bill' });
    expect(await within(latest).findByText("Couldn't load")).toBeTruthy();
    failing = false;
    fireEvent.click(within(latest).getByRole('button', { name: 'Retry' }));
    expect(await within(latest).findByText('£1.00')).toBeTruthy();
    expect(await within(tile('Unbilled Calls')).findByText('2')).toBeTruthy();
  });

  it('drops the plural suffix for a count of one', async () => {
    dashboardApi({ devices: 1, contracts: 1 });
    renderDashboard('MobileUserEstate', 'BroadbandUserEstate');
    expect(await screen.findByText('1 Device')).toBeTruthy();
    expect(await screen.findByText('1 Broadband Contract')).toBeTruthy();
  });

  it('gives a full user every tile and card', async () => {
    const requested = dashboardApi({});
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'BroadbandUserEstate');
    await screen.findByRole('region', { name: 'Latest Bill' });
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
      .filter((path) => path.startsWith('/api/invoices?') && !path.includes('companyId'))
      .map((path) => new URLSearchParams(path.slice(path.indexOf('?'))));
    expect(page.map((params) => [params.get('$top'), params.get('$orderby')])).toEqual([['5', 'billDate desc']]);
    expect(requested).toContain('/api/endpoints/mobileHandset/user?$count=true&$top=0');
    expect(requested).toContain('/api/endpoints/broadbandConnection/user?$count=true&$top=0');
    await waitFor(() => expect(requested).toContain('/api/users/monthlyUsage'));
  });

  it('gives a bills-only user the bills tiles and cards, and no estate', async () => {
    const requested = dashboardApi({});
    renderDashboard('ViewMyBills', 'DownloadBill', 'DownloadCDRs');
    await screen.findByRole('region', { name: 'Latest Bill' });
    expect(tile('Unbilled Calls')).toBeTruthy();
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
    expect(
      await within(await screen.findByRole('region', { name: 'Your Estate' })).findByText('1 Device'),
    ).toBeTruthy();
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
    expect(
      await within(await screen.findByRole('region', { name: 'Your Estate' })).findByText('3 Broadband Contracts'),
    ).toBeTruthy();
    expect(within(tile('Your Estate')).queryByText(/Device/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Monthly Mobile Usage' })).toBeNull();
  });

  it('waits for the permissions before choosing what to show', () => {
    // Signed out, the permissions never load.
    sessionStore.clear();
    renderWithPermissions(<DashboardPage />, undefined);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
  });
});

describe('home of a user the dashboard has nothing for', () => {
  function shortcutTitles(): string[] {
    return within(screen.getByRole('list', { name: 'Shortcuts' }))
      .getAllByRole('heading')
      .map((heading) => heading.textContent ?? '');
  }

  it('offers a site manager the orders, counted, and the pages they can open, and no bills', async () => {
    const requested = dashboardApi({ mobileOrders: 19, broadbandOrders: 1 });
    renderDashboard('MobileSiteEstate', 'BroadbandSiteEstate', 'MobileOrders', 'BroadbandOrders', 'EndPointSummary');

    const welcome = await screen.findByRole('region', { name: 'Welcome' });
    expect(within(welcome).getByText('Welcome, acme.sitemanager')).toBeTruthy();
    expect(within(welcome).getByText('Acme Logistics Ltd')).toBeTruthy();
    expect(shortcutTitles()).toEqual([
      'Mobile Estate',
      'Mobile Orders',
      'Broadband Estate',
      'Broadband Orders',
      'Search',
      'FAQ',
      'Contact',
      'My Account',
    ]);
    expect(await within(tile('Mobile Orders')).findByText('19 Orders')).toBeTruthy();
    expect(await within(tile('Broadband Orders')).findByText('1 Order')).toBeTruthy();
    expect(within(tile('Mobile Orders')).getByRole('link', { name: 'Mobile Orders' }).getAttribute('href')).toBe(
      '/mobile/orders',
    );
    expect(screen.queryByText(/bill/i)).toBeNull();
    expect(requested.some((path) => path.startsWith('/api/invoices') || path.startsWith('/api/endpoints'))).toBe(false);
  });

  it('offers a team leader only what they can open, with no counts they may not ask for', async () => {
    const requested = dashboardApi({});
    renderDashboard('MobileTeamEstate', 'EndPointSummary', 'EndPointCallBarring');
    await screen.findByRole('region', { name: 'Welcome' });
    expect(shortcutTitles()).toEqual(['Mobile Estate', 'Search', 'FAQ', 'Contact', 'My Account']);
    expect(screen.queryByText(/bill/i)).toBeNull();
    expect(requested).toEqual(['/api/companies/names']);
  });

  it('shows an order count that failed as a failure with a Retry', async () => {
    let failing = true;
    dashboardApi({ mobileOrders: 5 }, Promise.resolve(), (path) => failing && path.startsWith('/api/orders/mobile'));
    renderDashboard('MobileOrders');
    const orders = await screen.findByRole('region', { name: 'Mobile Orders' });
    expect(await within(orders).findByText("Orders: Couldn't load")).toBeTruthy();
    failing = false;
    fireEvent.click(within(orders).getByRole('button', { name: 'Retry' }));
    expect(await within(orders).findByText('5 Orders')).toBeTruthy();
  });

  it('gives a user whose estate has no company the shortcuts, not a dashboard of no one', async () => {
    dashboardApi({ companies: [] });
    renderDashboard('ViewMyBills', 'MobileUserEstate', 'MobileOrders');
    await screen.findByRole('region', { name: 'Welcome' });
    expect(screen.queryByRole('region', { name: 'Latest Bill' })).toBeNull();
    expect(shortcutTitles()).toContain('My Bills');
  });
});
