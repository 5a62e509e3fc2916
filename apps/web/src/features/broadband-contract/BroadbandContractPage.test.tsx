// @vitest-environment jsdom
import { type Contract, type LiveStatus, NOTIFICATION_MESSAGES, type Permission } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '../../api/test-helpers';
import { renderWithPermissions } from '../bills/test-utils';
import { BroadbandContractPage } from './BroadbandContractPage';
import { ONLINE_STATUS_NOT_OFFERED } from './ContractSummaryCard';

const API = 'http://localhost/api';
const server = setupMockApi();

const CLI = '01632960123';
const ENDPOINT_ID = 41;
const ORDER_ITEM_ID = 512;

interface Line {
  contract?: Partial<Contract>;
  live?: { success: boolean; model: LiveStatus | null; errors: Array<{ errorMessage: string }> } | 'fails';
  pending?: { isPending: boolean; daysPending: number } | 'fails';
  showContractEndDate?: boolean;
  products?: 'none' | 'fails';
  contractFailures?: number;
}

const CONNECTED: LiveStatus = { active: true, connected: true, connectedFrom: '2026-11-20T07:30:00.000Z' };

/** The page's calls for one contract; counts the reads a test asks about. */
function contractApi(line: Line = {}) {
  const reads = { contract: 0, live: 0, events: 0, pending: 0, liveUrls: [] as string[] };
  let productsFail = line.products === 'fails';
  const contract: Contract = {
    orderItemId: ORDER_ITEM_ID,
    carrierId: 494,
    productLineId: 8,
    contractShortStatus: 'Active',
    orderNumber: 'BB-200431',
    orderCreatedDate: '2025-02-03T09:15:00.000Z',
    customerStartDate: '2025-02-17',
    customerEndDate: '2027-02-16',
    customerDuration: 24,
    product: 'Business Fibre 80/20',
    username: 'acme-hq@keystone.example',
    password: 'Tr0ub4dor&3',
    ipAddress: '203.0.113.17',
    ...line.contract,
  };
  server.use(
    http.get(`${API}/endpoints`, ({ request }) => {
      const filter = new URL(request.url).searchParams.get('$filter') ?? '';
      return HttpResponse.json({
        value:
          filter.includes(`'${CLI}'`) && filter.includes('endPointTypeId eq 3')
            ? [{ id: ENDPOINT_ID, name: 'Head Office Line', identifier: CLI, endPointTypeId: 3 }]
            : [],
      });
    }),
    http.get(`${API}/contracts/cli/:cli`, ({ params }) => {
      reads.contract += 1;
      if (reads.contract <= (line.contractFailures ?? 0)) return HttpResponse.json({}, { status: 500 });
      return params.cli === CLI ? HttpResponse.json(contract) : HttpResponse.json({}, { status: 404 });
    }),
    http.get(`${API}/:service/:id/onlineStatus`, ({ request }) => {
      reads.live += 1;
      reads.liveUrls.push(request.url);
      if (line.live === 'fails') return HttpResponse.json({}, { status: 503 });
      return HttpResponse.json(line.live ?? { success: true, model: CONNECTED, errors: [] });
    }),
    http.get(`${API}/contracts/orderitemadditionalproducts/:id`, () =>
      productsFail
        ? HttpResponse.json({}, { status: 500 })
        : HttpResponse.json({
            value: line.products === 'none' ? [] : [{ description: 'Static IP', value: 1, type: 'Additional' }],
          }),
    ),
    http.get(`${API}/contracts/orderiteminclusiveproducts/:id`, () =>
      HttpResponse.json({
        value: line.products === 'none' ? [] : [{ description: 'Router', value: 2, type: 'Inclusive' }],
      }),
    ),
    http.get(`${API}/orders/pending/:cli/:orderItemId`, () => {
      reads.pending += 1;
      return line.pending === 'fails'
        ? HttpResponse.json({}, { status: 500 })
        : HttpResponse.json(line.pending ?? { isPending: false, daysPending: 0 });
    }),
    http.get(`${API}/orders/orderItems/:id/events`, ({ request }) => {
      reads.events += 1;
      const newestFirst = new URL(request.url).searchParams.get('$orderby') === 'createdDate desc';
      const events = [
        { createdDate: '2025-02-17T16:00:00.000Z', user: 'System', notes: 'Line live.', status: 'Succeeded' },
        { createdDate: '2025-02-03T09:15:00.000Z', user: 'acme.admin', notes: 'Ordered.', status: 'In Progress' },
      ];
      return HttpResponse.json({ value: newestFirst ? events : [...events].reverse(), '@odata.count': 2 });
    }),
    http.get(`${API}/partners/current/settings`, () =>
      HttpResponse.json({ showContractEndDate: line.showContractEndDate ?? true }),
    ),
    http.get(`${API}/endpoints/:id/:usage`, () => HttpResponse.json({ value: [] })),
  );
  return { reads, healProducts: () => (productsFail = false) };
}

const reader: Permission[] = [{ code: 'EndPointSummary', accessType: 'Read' }];
const diagnostician: Permission[] = [...reader, { code: 'BroadbandDiagnostics', accessType: 'Read' }];

function renderPage(permissions: Permission[], cli = CLI) {
  return renderWithPermissions(
    <Routes>
      <Route path="/broadband/contract/:cli" element={<BroadbandContractPage />} />
      <Route path="/broadband/estate" element={<p>Broadband estate</p>} />
    </Routes>,
    permissions,
    `/broadband/contract/${cli}`,
  );
}

/** The summary card once the contract and its live status have loaded. */
async function summary() {
  const card = await screen.findByRole('region', { name: 'Contract Summary' });
  await waitFor(() => expect(within(card).queryByLabelText('Loading the online status')).toBeNull());
  return card;
}

function field(card: HTMLElement, label: string) {
  return within(card).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;
}

describe('broadband contract page (spec 2.15)', () => {
  it('shows every field of the contract, its dates as dd/MM/yyyy and its live status', async () => {
    const api = contractApi();
    renderPage(reader);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Head Office Line' })).toBeDefined();
    const card = await summary();
    expect(field(card, 'Phone Number')).toBe(CLI);
    expect(field(card, 'Status')).toBe('Active');
    expect(field(card, 'Order No.')).toBe('BB-200431');
    expect(field(card, 'Ordered')).toBe('03/02/2025');
    expect(field(card, 'Start Date')).toBe('17/02/2025');
    expect(field(card, 'End Date')).toBe('16/02/2027');
    expect(field(card, 'Duration')).toBe('24 Months');
    expect(field(card, 'Product')).toBe('Business Fibre 80/20');
    expect(field(card, 'Username')).toBe('acme-hq@keystone.example');
    expect(field(card, 'IP Address')).toBe('203.0.113.17');
    expect(field(card, 'Online Status')).toBe('Connected (20/11/2026 07:30)');
    // The carrier's service of 494, the order item, and no diagnostics group.
    expect(api.reads.liveUrls).toEqual([`${API}/broadbandKeystone/${ORDER_ITEM_ID}/onlineStatus`]);
  });

  it('hides the password until the user shows it', async () => {
    contractApi();
    renderPage(reader);
    const card = await summary();
    expect(field(card, 'Password')).not.toContain('Tr0ub4dor&3');
    await userEvent.click(within(card).getByRole('button', { name: 'Show password' }));
    expect(field(card, 'Password')).toContain('Tr0ub4dor&3');
    await userEvent.click(within(card).getByRole('button', { name: 'Hide password' }));
    expect(field(card, 'Password')).not.toContain('Tr0ub4dor&3');
  });

  it('leaves End Date and Duration out unless the partner shows them, and says 1 Month', async () => {
    contractApi({ showContractEndDate: false });
    const { unmount } = renderPage(reader);
    let card = await summary();
    expect(field(card, 'End Date')).toBeUndefined();
    expect(field(card, 'Duration')).toBeUndefined();
    unmount();
    server.resetHandlers();
    contractApi({ contract: { customerDuration: 1 } });
    renderPage(reader);
    card = await summary();
    expect(field(card, 'Duration')).toBe('1 Month');
  });

  it.each([
    [{ active: true, connected: false, connectedFrom: null }, 'Disconnected'],
    [{ active: false, connected: false, connectedFrom: null }, 'Suspended'],
  ])('reads the live status %j as %s', async (model, text) => {
    contractApi({ live: { success: true, model, errors: [] } });
    renderPage(reader);
    expect(field(await summary(), 'Online Status')).toBe(text);
  });

  it("shows the carrier's refusal, and a failed status with a retry", async () => {
    contractApi({ live: { success: false, model: null, errors: [{ errorMessage: 'Line not found at carrier.' }] } });
    const { unmount } = renderPage(reader);
    expect(field(await summary(), 'Online Status')).toBe('Line not found at carrier.');
    unmount();
    server.resetHandlers();
    const api = contractApi({ live: 'fails' });
    renderPage(reader);
    const card = await screen.findByRole('region', { name: 'Contract Summary' });
    const failed = await within(card).findByRole('alert');
    expect(failed.textContent).toContain("We couldn't load the online status");
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.reads.live).toBe(2));
  });

  it('asks no live status of a carrier without diagnostics, and offers no DIAGNOSTICS there', async () => {
    const api = contractApi({ contract: { carrierId: 310, productLineId: 12 } });
    renderPage(diagnostician);
    const card = await summary();
    expect(field(card, 'Online Status')).toBe(ONLINE_STATUS_NOT_OFFERED);
    expect(api.reads.live).toBe(0);
    await waitFor(() => expect(api.reads.pending).toBe(1));
    expect(within(card).queryByRole('button', { name: 'Diagnostics' })).toBeNull();
  });

  it.each([494, 588])(
    'offers DIAGNOSTICS on carrier %i with BroadbandDiagnostics Read and nothing pending',
    async (carrierId) => {
      const api = contractApi({ contract: { carrierId } });
      renderPage(diagnostician);
      const card = await summary();
      const button = await within(card).findByRole('button', { name: 'Diagnostics' });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      await userEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(api.reads.liveUrls[0]).toContain(carrierId === 494 ? '/broadbandKeystone/' : '/broadbandSkylark/');
    },
  );

  it('offers no DIAGNOSTICS without BroadbandDiagnostics Read', async () => {
    const api = contractApi();
    renderPage(reader);
    const card = await summary();
    await waitFor(() => expect(api.reads.pending).toBe(1));
    expect(within(card).queryByRole('button', { name: 'Diagnostics' })).toBeNull();
  });

  it.each([
    [{ isPending: true, daysPending: 3 }, NOTIFICATION_MESSAGES.pendingChangesProcessing],
    [{ isPending: true, daysPending: 4 }, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
    ['fails' as const, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
  ])('hides DIAGNOSTICS while a change is pending (%j) and says %s', async (pending, message) => {
    contractApi({ pending });
    renderPage(diagnostician);
    const card = await summary();
    expect(await within(card).findByText(message)).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Diagnostics' })).toBeNull();
  });

  it('waits 2 seconds before reloading the contract on refresh, then reloads its live status', async () => {
    const api = contractApi();
    renderPage(reader);
    const card = await summary();
    expect(api.reads.contract).toBe(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(card).getByRole('button', { name: 'Refresh contract' }));
    await vi.advanceTimersByTimeAsync(1900);
    expect(api.reads.contract).toBe(1);
    expect(api.reads.live).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(api.reads.live).toBe(2));
    expect(api.reads.contract).toBe(2);
    vi.useRealTimers();
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Refresh contract' })).toHaveProperty('disabled', false),
    );
  });

  it('lists the products, says when there are none, and retries a failed load', async () => {
    contractApi();
    const { unmount } = renderPage(reader);
    const products = await screen.findByRole('region', { name: 'Products' });
    const table = await within(products).findByRole('table');
    expect(within(table).getByText('Static IP')).toBeDefined();
    expect(within(table).getByText('Inclusive')).toBeDefined();
    unmount();
    server.resetHandlers();
    contractApi({ products: 'none' });
    const second = renderPage(reader);
    expect(await screen.findByText('There are no products for this contract.')).toBeDefined();
    second.unmount();
    server.resetHandlers();
    const api = contractApi({ products: 'fails' });
    renderPage(reader);
    const failed = await within(await screen.findByRole('region', { name: 'Products' })).findByRole('alert');
    api.healProducts();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Static IP')).toBeDefined();
  });

  it('lists the events newest first and reloads them with their refresh button', async () => {
    const api = contractApi();
    renderPage(reader);
    const events = await screen.findByRole('region', { name: 'Events' });
    await within(events).findByText('Line live.');
    const rows = within(events).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Line live.');
    expect(rows[2]?.textContent).toContain('Ordered.');
    const before = api.reads.events;
    await userEvent.click(within(events).getByRole('button', { name: 'Refresh events' }));
    await waitFor(() => expect(api.reads.events).toBe(before + 1));
  });

  it('offers line usage and line history only on a standard line (8)', async () => {
    contractApi();
    const { unmount } = renderPage(reader);
    let tabs = await screen.findByRole('tablist', { name: 'Usage of this contract' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Broadband Usage', 'Line Usage', 'Session History', 'Line History', 'Authentication Logs']);
    unmount();
    server.resetHandlers();
    contractApi({ contract: { productLineId: 9 } });
    renderPage(reader);
    tabs = await screen.findByRole('tablist', { name: 'Usage of this contract' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Broadband Usage', 'Session History', 'Authentication Logs']);
  });

  it('says when there is no such contract, and goes back to the estate', async () => {
    contractApi();
    renderPage(reader, '01632000000');
    expect(
      await screen.findByText('Unable to find a broadband contract with the phone number 01632000000'),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('link', { name: 'Return to Estate' }));
    expect(await screen.findByText('Broadband estate')).toBeDefined();
  });

  it('says a failed load failed, and retries it', async () => {
    const api = contractApi({ contractFailures: 1 });
    renderPage(reader);
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain("We couldn't load this contract");
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await summary();
    expect(api.reads.contract).toBe(2);
  });
});
