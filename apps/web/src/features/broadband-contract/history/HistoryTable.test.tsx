// @vitest-environment jsdom
import type { AuthenticationLogRow, Contract, LineHistoryRow, SessionHistoryRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMockApi } from '../../../api/test-helpers';
import { fakeList } from '../../../components/data-table/test-utils';
import { renderWithPermissions } from '../../bills/test-utils';
import { HistoryTable } from './HistoryTable';

const API = 'http://localhost/api';
const server = setupMockApi();

const ORDER_ITEM_ID = 512;
const CONTRACT: Contract = {
  orderItemId: ORDER_ITEM_ID,
  carrierId: 494,
  productLineId: 8,
  contractShortStatus: 'Active',
  orderNumber: 'BB-1',
  orderCreatedDate: '2025-02-03T09:15:00.000Z',
  customerStartDate: '2025-02-17',
  product: 'Business Fibre',
  username: 'hq@keystone.example',
};

/** `count` sessions, an hour apart, the newest first. */
function sessions(count: number): SessionHistoryRow[] {
  return Array.from({ length: count }, (_, index) => ({
    username: 'hq@keystone.example',
    startTime: new Date(Date.UTC(2026, 10, 20, 12 - index)).toISOString(),
    endTime: new Date(Date.UTC(2026, 10, 20, 12 - index, 45, 30)).toISOString(),
    sessionTime: 2730,
    speed: { upload: 524_288, download: 3_221_225_472 },
    ipAddress: `203.0.113.${index + 1}`,
  }));
}

/** The carrier's list at `path` (paged, sorted, counted as the API does); records each request, fails while `fail`. */
function fakeHistory(path: string, rows: readonly object[]) {
  const list = fakeList(`/api${path}`, rows);
  const state = { fail: false, urls: [] as URL[] };
  server.use(
    http.get(`${API}${path}`, ({ request }) => {
      state.urls.push(new URL(request.url));
      return state.fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : list.respond(request);
    }),
  );
  return state;
}

let saved: string[];
beforeEach(() => {
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

function renderTab(tab: 'sessionHistory' | 'lineHistory' | 'authenticationLogs', contract: Contract = CONTRACT) {
  return renderWithPermissions(<HistoryTable tab={tab} contract={contract} />, [
    { code: 'EndPointSummary', accessType: 'Read' },
  ]);
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('session history', () => {
  it('shows the newest sessions first with their times and speed, from the contract carrier', async () => {
    const api = fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, sessions(3));
    renderTab('sessionHistory');
    const table = await screen.findByRole('table', { name: 'Session History' });
    await within(table).findByText('203.0.113.1');
    const first = bodyRows(table)[0]!;
    expect(first.textContent).toContain('20/11/2026 12:00:00');
    expect(first.textContent).toContain('20/11/2026 12:45:30');
    expect(first.textContent).toContain('↓ 3 GB');
    expect(first.textContent).toContain('↑ 512 KB');
    const listCall = api.urls.find((url) => url.searchParams.get('$top') !== '0')!;
    expect(listCall.searchParams.get('$orderby')).toBe('startTime desc');
  });

  it('sorts by start time the other way when its header is clicked', async () => {
    const api = fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, sessions(3));
    renderTab('sessionHistory');
    const table = await screen.findByRole('table', { name: 'Session History' });
    await within(table).findByText('203.0.113.1');
    await userEvent.click(within(table).getByRole('button', { name: /Start Time/ }));
    await waitFor(() => expect(bodyRows(table)[0]?.textContent).toContain('203.0.113.3'));
    expect(api.urls.at(-1)?.searchParams.get('$orderby')).toBe('startTime asc');
  });

  it('pages five at a time', async () => {
    const api = fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, sessions(7));
    renderTab('sessionHistory');
    const table = await screen.findByRole('table', { name: 'Session History' });
    await within(table).findByText('203.0.113.1');
    expect(bodyRows(table)).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await within(table).findByText('203.0.113.6');
    expect(bodyRows(table)).toHaveLength(2);
    expect(api.urls.at(-1)?.searchParams.get('$skip')).toBe('5');
  });

  it('says when the line has no sessions', async () => {
    fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, []);
    renderTab('sessionHistory');
    expect(await screen.findByText('There are no sessions for this line.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });

  it('says a failed load failed, and retries it', async () => {
    const api = fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, sessions(2));
    api.fail = true;
    renderTab('sessionHistory');
    expect(await screen.findByText("We couldn't load the session history")).toBeDefined();
    api.fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('203.0.113.1')).toBeDefined();
  });

  it("downloads as many rows as the table's total, and says when the download fails", async () => {
    fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory`, sessions(7));
    const counts: Array<string | null> = [];
    let fail = false;
    server.use(
      http.get(`${API}/broadbandKeystone/${ORDER_ITEM_ID}/sessionHistory/download`, ({ request }) => {
        counts.push(new URL(request.url).searchParams.get('count'));
        return fail
          ? HttpResponse.json({}, { status: 502 })
          : new HttpResponse('startTime\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    renderTab('sessionHistory');
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['session-history.csv']));
    expect(counts).toEqual(['7']);
    fail = true;
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to download the file. Please try again later.',
    );
  });

  it('says a carrier without diagnostics has no session history', async () => {
    renderTab('sessionHistory', { ...CONTRACT, carrierId: 310 });
    expect(screen.getByRole('status').textContent).toBe('Session History is not available for this carrier.');
  });
});

describe('line history', () => {
  const READINGS: LineHistoryRow[] = [
    {
      gatheredDate: '2026-11-19T06:00:00.000Z',
      profileName: 'Standard 80/20',
      downstreamSnrMargin: 6.2,
      downstreamAttenuation: 18.45,
      upstreamAttenuation: 9,
      secServiceDisrupted: 12,
      secServiceDisruptedCpe: 3,
      syncCount: 2,
      lostSyncCount: 1,
    },
  ];

  it('shows the readings in dB from the carrier of the contract, newest first', async () => {
    const api = fakeHistory(`/broadbandSkylark/${ORDER_ITEM_ID}/lineHistory`, READINGS);
    renderTab('lineHistory', { ...CONTRACT, carrierId: 588 });
    const table = await screen.findByRole('table', { name: 'Line History' });
    await within(table).findByText('Standard 80/20');
    const row = bodyRows(table)[0]!;
    expect(row.textContent).toContain('19/11/2026 06:00:00');
    expect(row.textContent).toContain('6.2 dB');
    expect(row.textContent).toContain('18.45 dB');
    expect(row.textContent).toContain('9 dB');
    expect(api.urls.some((url) => url.searchParams.get('$orderby') === 'gatheredDate desc')).toBe(true);
  });

  it('downloads its CSV under its own name', async () => {
    fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/lineHistory`, READINGS);
    server.use(
      http.get(
        `${API}/broadbandKeystone/${ORDER_ITEM_ID}/lineHistory/download`,
        () => new HttpResponse('gatheredDate\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    renderTab('lineHistory');
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['line-history.csv']));
  });
});

describe('authentication logs', () => {
  const LOGS: AuthenticationLogRow[] = [
    { username: 'hq@keystone.example', logDate: '2026-11-18T10:00:00.000Z', status: 'Accepted', bras: 'bras-01' },
    {
      username: 'hq@keystone.example',
      logDate: '2026-11-19T10:00:00.000Z',
      status: 'Rejected',
      bras: 'bras-02',
      error: 'Bad password',
    },
  ];

  it("reads the contract's username's logs, newest first", async () => {
    const api = fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/authenticationLogs/:username`, LOGS);
    renderTab('authenticationLogs');
    const table = await screen.findByRole('table', { name: 'Authentication Logs' });
    await within(table).findByText('Bad password');
    expect(bodyRows(table)[0]?.textContent).toContain('19/11/2026 10:00:00');
    expect(api.urls[0]?.pathname).toBe(
      `/api/broadbandKeystone/${ORDER_ITEM_ID}/authenticationLogs/${encodeURIComponent('hq@keystone.example')}`,
    );
    expect(api.urls[0]?.searchParams.get('$orderby')).toBe('logDate desc');
  });

  it('says when there are none, and when the contract has no username', async () => {
    fakeHistory(`/broadbandKeystone/${ORDER_ITEM_ID}/authenticationLogs/:username`, []);
    const { unmount } = renderTab('authenticationLogs');
    expect(await screen.findByText('There are no authentication logs for this username.')).toBeDefined();
    unmount();
    const { username: _none, ...withoutUsername } = CONTRACT;
    renderTab('authenticationLogs', withoutUsername);
    expect(screen.getByRole('status').textContent).toBe(
      'This contract has no username to show authentication logs for.',
    );
  });
});
