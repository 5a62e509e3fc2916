// @vitest-environment jsdom
import {
  type Contract,
  type FunctionalityCode,
  NOTIFICATION_MESSAGES,
  type Permission,
  type SpendLimitStatus,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithPermissions } from '../bills/test-utils';
import { CHANGE_FOLLOW_UP_MS } from './change-follow-up';
import { LIFT_SPEND_LIMIT_WARNING } from './LiftSpendLimitDialog';
import { MobileDevicePage } from './MobileDevicePage';

const API = 'http://localhost/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const CLI = '07100048271';
const ENDPOINT_ID = 2;
const ORDER_ITEM_ID = 102;

interface Line {
  supplierId: 33 | 27 | 36;
  contract?: Partial<Contract>;
  pending?: { isPending: boolean; daysPending: number } | 'fails';
  showContractEndDate?: boolean;
  spendLimit?: SpendLimitStatus;
  /** Status of the change requests (default 202). */
  changeStatus?: number;
  /** The contract call fails this many times first. */
  contractFailures?: number;
  /** After a change is requested, this many pending checks say it is in flight; then the carrier is done. */
  checksUntilDone?: number;
  /** The newest event once the carrier is done. */
  outcome?: 'Succeeded' | 'Failed';
}

const HALO_BARS = [
  { id: 21, name: 'International calls', active: true },
  { id: 12, name: 'Premium rate numbers', active: false },
  { id: 14, name: 'Spend limit: chargeable calls', active: true },
  { id: 44, name: 'Spend limit: mobile data', active: true },
  { id: 374, name: 'Spend limit: account bar', active: true },
];
const VERTEX_BARS = [
  { networkSuffix: 'BAR-ROAM', description: 'Roaming', active: false },
  { networkSuffix: 'BAR-INTL', description: 'International calls', active: true },
];

/** The page's calls for one line; `posts` records each change's path and body, `events` counts event reads. */
function deviceApi(line: Line) {
  const posts: Array<{ path: string; body: unknown }> = [];
  let eventReads = 0;
  let contractReads = 0;
  let checksUntilDone = line.checksUntilDone ?? Number.POSITIVE_INFINITY;
  const contract: Contract = {
    orderItemId: ORDER_ITEM_ID,
    supplierId: line.supplierId,
    contractShortStatus: 'Active',
    orderNumber: 'MOB-100002',
    orderCreatedDate: '2025-03-10T10:06:16.000Z',
    customerStartDate: '2025-03-17',
    customerEndDate: '2027-03-16',
    customerDuration: 24,
    product: 'Business 30GB 5G',
    ...line.contract,
  };
  const change = async (request: Request) => {
    posts.push({ path: new URL(request.url).pathname, body: await request.json() });
    if ((line.changeStatus ?? 202) !== 202) {
      return HttpResponse.json({ code: 'carrier_unavailable' }, { status: line.changeStatus });
    }
    return HttpResponse.json({ id: posts.length, status: 'queued' }, { status: 202 });
  };
  server.use(
    http.get(`${API}/endpoints`, ({ request }) => {
      const filter = new URL(request.url).searchParams.get('$filter') ?? '';
      return HttpResponse.json({
        value: filter.includes(`'${CLI}'`)
          ? [{ id: ENDPOINT_ID, name: 'Oliver Smith', identifier: CLI, endPointTypeId: 1, product: 'Business 30GB 5G' }]
          : [],
      });
    }),
    http.get(`${API}/contracts/cli/:cli`, ({ params }) => {
      contractReads += 1;
      if (contractReads <= (line.contractFailures ?? 0)) {
        return HttpResponse.json({ code: 'internal' }, { status: 500 });
      }
      return params.cli === CLI
        ? HttpResponse.json(contract)
        : HttpResponse.json({ code: 'not_found' }, { status: 404 });
    }),
    http.get(`${API}/contracts/orderitemadditionalproducts/:id`, () =>
      HttpResponse.json({ value: [{ description: 'EU roaming', value: 1, type: 'Additional' }] }),
    ),
    http.get(`${API}/contracts/orderiteminclusiveproducts/:id`, () =>
      HttpResponse.json({ value: [{ description: '30GB data', value: 1, type: 'Inclusive' }] }),
    ),
    http.get(`${API}/orders/pending/:cli/:orderItemId`, () => {
      if (line.pending === 'fails') return HttpResponse.json({ code: 'internal' }, { status: 500 });
      if (posts.length > 0 && checksUntilDone > 0) {
        checksUntilDone -= 1;
        return HttpResponse.json({ isPending: true, daysPending: 0 });
      }
      return HttpResponse.json(line.pending ?? { isPending: false, daysPending: 0 });
    }),
    http.get(`${API}/orders/orderItems/:id/events`, () => {
      eventReads += 1;
      const done = posts.length > 0 && checksUntilDone === 0 && line.outcome !== undefined;
      return HttpResponse.json({
        value: [
          done
            ? { createdDate: new Date().toISOString(), user: 'System', notes: 'Bars changed.', status: line.outcome }
            : {
                createdDate: '2025-03-17T18:40:00.000Z',
                user: 'System',
                notes: 'Order completed.',
                status: 'Succeeded',
              },
        ],
        '@odata.count': 1,
      });
    }),
    http.get(`${API}/partners/current/settings`, () =>
      HttpResponse.json({ showContractEndDate: line.showContractEndDate ?? true }),
    ),
    http.get(`${API}/endpoints/:id/:usage`, () => HttpResponse.json({ value: [] })),
    http.get(`${API}/mobileHalo/SpendLimit/:id/status`, () =>
      HttpResponse.json(
        line.spendLimit ?? { lifted: false, barApplied: true, spendLimit: { value: 2500, effective_from: today() } },
      ),
    ),
    http.get(`${API}/mobileHalo/TariffAddons`, () => HttpResponse.json({ value: HALO_BARS })),
    http.get(`${API}/mobileHalo/SimValidation`, () =>
      HttpResponse.json({ regularExpression: '^89[0-9]{9}$', errorMessage: 'A Halo SIM number starts with 89.' }),
    ),
    // After the named Halo reads, which its `:id` would match too.
    http.get(`${API}/mobileHalo/:id`, () =>
      HttpResponse.json({
        serial_number: { number: '89441000001' },
        addons: [],
        monitoring_settings: {},
        lifted: false,
        barApplied: false,
      }),
    ),
    http.get(`${API}/mobileVertex/bars/:supplierId/:id`, () => HttpResponse.json({ value: VERTEX_BARS })),
    http.get(`${API}/mobileVertex/SimValidation`, () =>
      HttpResponse.json({ regularExpression: '^[0-9]{19}$', errorMessage: 'Enter the 19 digits on the SIM card.' }),
    ),
    http.get(`${API}/mobileVertex/:supplierId/:id`, () =>
      HttpResponse.json({ simNo: '8944200000000000001', bars: [{ networkSuffix: 'BAR-INTL' }] }),
    ),
    http.post(`${API}/mobileHalo/*`, ({ request }) => change(request)),
    http.post(`${API}/mobileVertex/*`, ({ request }) => change(request)),
  );
  return { posts, eventReads: () => eventReads, contractReads: () => contractReads };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const ALL: FunctionalityCode[] = [
  'EndPointSummary',
  'EndPointCallBarring',
  'EndPointSimSwap',
  'EndPointLiftSpendLimit',
];
const admin: Permission[] = ALL.flatMap((code) => [
  { code, accessType: 'Read' as const },
  { code, accessType: 'Write' as const },
]);
const teamLead: Permission[] = [
  { code: 'EndPointSummary', accessType: 'Read' },
  { code: 'EndPointCallBarring', accessType: 'Read' },
];

function renderPage(permissions: Permission[], cli = CLI) {
  return renderWithPermissions(
    <Routes>
      <Route path="/mobile/device/:cli" element={<MobileDevicePage />} />
      <Route path="/mobile/estate" element={<p>Mobile estate</p>} />
    </Routes>,
    permissions,
    `/mobile/device/${cli}`,
  );
}

async function summary() {
  const card = await screen.findByRole('region', { name: 'Device Summary' });
  await within(card).findByText('89441000001');
  return card;
}

/** The value beside a label in the summary. */
function field(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('mobile device page (spec 2.14)', () => {
  it("shows the line, its contract and the carrier's SIM number and spend limit", async () => {
    deviceApi({ supplierId: 33 });
    renderPage(admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Oliver Smith' })).toBeDefined();
    const card = await summary();
    expect(field(card, 'Mobile Number')).toBe(CLI);
    expect(field(card, 'SIM No.')).toBe('89441000001');
    expect(field(card, 'Product')).toBe('Business 30GB 5G');
    expect(field(card, 'Order No.')).toBe('MOB-100002');
    expect(field(card, 'Status')).toBe('Active');
    expect(field(card, 'Ordered')).toBe('10/03/2025');
    expect(field(card, 'Start Date')).toBe('17/03/2025');
    expect(field(card, 'End Date')).toBe('16/03/2027');
    expect(field(card, 'Duration')).toBe('24 Months');
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe('Barred, limit of £25.00'));
    const products = await screen.findByRole('table', { name: 'Products' });
    expect(within(products).getByText('EU roaming')).toBeDefined();
    expect(within(products).getByText('30GB data')).toBeDefined();
    expect(await screen.findByText('Order completed.')).toBeDefined();
  });

  it('leaves out End Date and Duration without showContractEndDate, and Spend Limit on the second carrier', async () => {
    deviceApi({ supplierId: 27, showContractEndDate: false, contract: { customerDuration: 1 } });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await within(card).findByText('8944200000000000001');
    expect(within(card).queryByText('End Date')).toBeNull();
    expect(within(card).queryByText('Duration')).toBeNull();
    expect(within(card).queryByText('Spend Limit')).toBeNull();
  });

  it("says 'N Month' for a one-month contract", async () => {
    deviceApi({ supplierId: 27, contract: { customerDuration: 1 } });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await within(card).findByText('1 Month');
  });

  it('says when no device has the number, with a way back to the estate', async () => {
    deviceApi({ supplierId: 33 });
    renderPage(admin, '07999999999');
    expect(await screen.findByText('Unable to find a device with the mobile number 07999999999')).toBeDefined();
    await userEvent.click(screen.getByRole('link', { name: 'Return to Estate' }));
    expect(await screen.findByText('Mobile estate')).toBeDefined();
  });

  it('says when the device could not be loaded, and loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, contractFailures: 1 });
    renderPage(admin);
    expect(await screen.findByText("We couldn't load this device")).toBeDefined();
    expect(screen.queryByText(/Unable to find a device/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Oliver Smith' })).toBeDefined();
  });

  it('reloads the line, its contract and its events on Refresh', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    await summary();
    await screen.findByText('Order completed.');
    const [contracts, events] = [api.contractReads(), api.eventReads()];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.contractReads()).toBe(contracts + 1));
    await waitFor(() => expect(api.eventReads()).toBe(events + 1));
  });

  it.each([
    [{ isPending: true, daysPending: 3 }, NOTIFICATION_MESSAGES.pendingChangesProcessing],
    [{ isPending: true, daysPending: 4 }, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
    ['fails' as const, NOTIFICATION_MESSAGES.pendingChangesContactSupport],
  ])('hides the actions while a change is pending (%j)', async (pending, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, pending });
    renderPage(admin);
    const card = await summary();
    expect(await within(card).findByText(message)).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Call Barring' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'SIM Swap' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });

  it('offers only what the permissions allow: CALL BARRING on Read, no SIM SWAP or spend-limit edit', async () => {
    deviceApi({ supplierId: 33 });
    renderPage(teamLead);
    const card = await summary();
    expect(await within(card).findByRole('button', { name: 'Call Barring' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'SIM Swap' })).toBeNull();
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe('Barred, limit of £25.00'));
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });
});

describe('call barring dialog', () => {
  async function openBarring(_permissions = admin) {
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Call Barring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Barring' });
    await within(dialog).findByRole('switch', { name: 'International calls' });
    return { card, dialog };
  }

  it("lists the first carrier's bars without the spend-limit bars 14, 44 and 374, and sends the changed ones; the device is then pending", async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    expect(
      within(dialog)
        .getAllByRole('switch')
        .map((toggle) => toggle.closest('label')?.textContent),
    ).toEqual(['International calls', 'Premium rate numbers']);
    expect((within(dialog).getByRole('switch', { name: 'International calls' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const readsBefore = api.eventReads();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'International calls' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(NOTIFICATION_MESSAGES.barringChangesRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/bars/${ENDPOINT_ID}`,
        body: { barsToAdd: [12], barsToRemove: [21], orderItemId: ORDER_ITEM_ID, addEvent: true },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Call Barring' })).toBeNull();
    await waitFor(() => expect(api.eventReads()).toBeGreaterThan(readsBefore));
  });

  it.each([
    ['Succeeded', NOTIFICATION_MESSAGES.mobileRequestSuccessful],
    ['Failed', NOTIFICATION_MESSAGES.mobileRequestProblem],
  ] as const)(
    'follows a requested change until the carrier is done (%s), says how it ended and offers the actions again',
    async (outcome, message) => {
      deviceApi({ supplierId: 33, checksUntilDone: 1, outcome });
      renderPage(admin);
      const { card, dialog } = await openBarring();
      await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();

      expect(await screen.findByText(message, {}, { timeout: CHANGE_FOLLOW_UP_MS * 2 })).toBeDefined();
      expect(within(card).queryByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeNull();
      expect(within(card).getByRole('button', { name: 'Call Barring' })).toBeDefined();
    },
    CHANGE_FOLLOW_UP_MS * 3,
  );

  it('warns when nothing changed and closes without sending or marking the device pending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You have not made any changes.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Call Barring' })).toBeDefined();
  });

  it("sends the second carrier's network suffixes, and tells supplier 36's users to expect an e-mail", async () => {
    const api = deviceApi({ supplierId: 36 });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Call Barring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Barring' });
    await userEvent.click(await within(dialog).findByRole('switch', { name: 'Roaming' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.barringChangesRequestedByEmail)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileVertex/ToggleBar/${ENDPOINT_ID}`,
        body: { barsToAdd: ['BAR-ROAM'], barsToRemove: [], orderItemId: ORDER_ITEM_ID },
      },
    ]);
  });

  it('shows the bars read-only without Write', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(teamLead);
    const { dialog } = await openBarring(teamLead);
    for (const toggle of within(dialog).getAllByRole('switch'))
      expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toEqual([]);
  });

  it('says there was a problem when the request fails, and stays open to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 503 });
    renderPage(admin);
    const { card, dialog } = await openBarring();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium rate numbers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.mobileRequestProblem, { exact: false })).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Call Barring' })).toBeDefined();
    expect(within(card).queryByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeNull();
  });
});

describe('SIM swap dialog', () => {
  async function openSimSwap() {
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'SIM Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'SIM Swap' });
    const input = await within(dialog).findByLabelText('New SIM number');
    return { card, dialog, input };
  }

  async function submitWith(dialog: HTMLElement, input: HTMLElement, value: string) {
    await userEvent.clear(input);
    if (value !== '') await userEvent.type(input, value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  }

  it('checks digits, length, the carrier pattern and the current number before sending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const { card, dialog, input } = await openSimSwap();
    await submitWith(dialog, input, '8944a');
    expect(await within(dialog).findByText('The SIM number must contain digits only.')).toBeDefined();
    await submitWith(dialog, input, '8944100');
    expect(await within(dialog).findByText('The SIM number must be 11 digits long.')).toBeDefined();
    await submitWith(dialog, input, '12441000002');
    expect(await within(dialog).findByText('A Halo SIM number starts with 89.')).toBeDefined();
    await submitWith(dialog, input, '89441000001');
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.simNumbersSame)).toBeDefined();
    expect(api.posts).toEqual([]);

    await submitWith(dialog, input, '89441000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.simSwapRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/simswap/${ENDPOINT_ID}`,
        body: { serialNumber: '89441000002', orderItemId: ORDER_ITEM_ID },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
  });

  it("uses the second carrier's 15 to 20 digits and its own path, with supplier 36's e-mail message", async () => {
    const api = deviceApi({ supplierId: 36 });
    renderPage(admin);
    const card = await screen.findByRole('region', { name: 'Device Summary' });
    await userEvent.click(await within(card).findByRole('button', { name: 'SIM Swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'SIM Swap' });
    const input = await within(dialog).findByLabelText('New SIM number');
    await submitWith(dialog, input, '89442000000000');
    expect(await within(dialog).findByText('The SIM number must be 15 to 20 digits long.')).toBeDefined();
    await submitWith(dialog, input, '894420000000000');
    expect(await within(dialog).findByText('Enter the 19 digits on the SIM card.')).toBeDefined();
    await submitWith(dialog, input, '8944200000000000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.simSwapRequestedByEmail)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileVertex/SimSwap/${ENDPOINT_ID}`,
        body: { simNumber: '8944200000000000002', orderItemId: ORDER_ITEM_ID },
      },
    ]);
  });

  it('says there was a problem when the request fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 502 });
    renderPage(admin);
    const { dialog, input } = await openSimSwap();
    await submitWith(dialog, input, '89441000002');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.mobileRequestProblem, { exact: false })).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'SIM Swap' })).toBeDefined();
  });
});

describe('spend limit', () => {
  it('lifts a barred limit after the confirmation, then the device is pending', async () => {
    const api = deviceApi({ supplierId: 33 });
    renderPage(admin);
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Remove spend limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Spend Limit' });
    expect(within(dialog).getByText(LIFT_SPEND_LIMIT_WARNING)).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove limit' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.spendLimitRemovalRequested)).toBeDefined();
    expect(api.posts).toEqual([
      {
        path: `/api/mobileHalo/SpendLimit/${ENDPOINT_ID}/Unbar`,
        body: { orderItemId: ORDER_ITEM_ID, addEvent: true },
      },
    ]);
    expect(within(card).getByText(NOTIFICATION_MESSAGES.pendingChangesProcessing)).toBeDefined();
  });

  it('says when the removal was not made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deviceApi({ supplierId: 33, changeStatus: 409 });
    renderPage(admin);
    const card = await summary();
    await userEvent.click(await within(card).findByRole('button', { name: 'Remove spend limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Spend Limit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove limit' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.spendLimitRemovalFailed, { exact: false })).toBeDefined();
  });

  it.each([
    [{ lifted: true, barApplied: false, spendLimit: null }, 'Limit reached, bar lifted'],
    [{ lifted: false, barApplied: false, spendLimit: null }, 'Unknown'],
  ])('offers no edit for a limit that is not monitored (%j)', async (spendLimit, text) => {
    deviceApi({ supplierId: 33, spendLimit });
    renderPage(admin);
    const card = await summary();
    await waitFor(() => expect(field(card, 'Spend Limit')).toBe(text));
    expect(within(card).queryByRole('button', { name: 'Remove spend limit' })).toBeNull();
  });
});
