// @vitest-environment jsdom
import { NOTIFICATION_MESSAGES, type Permission, VALIDATION_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { renderWithPermissions } from '../bills/test-utils';
import DiagnosticsDialog, { type DiagnosticsLine, FIBRE_NOTE } from './DiagnosticsDialog';

const API = 'http://localhost/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const GROUP = '6f0e8f6e-3f7a-4a51-8d67-0c1f3e7f2b10';
const CONNECTED_FROM = '2026-11-23T07:15:00.000Z';
const FIBRE_LINE: DiagnosticsLine = {
  orderItemId: 41,
  carrierId: 494,
  productLineId: 9,
  cli: '01632960041',
  ipAddress: '203.0.113.41',
};
const STANDARD_LINE: DiagnosticsLine = { ...FIBRE_LINE, orderItemId: 42, productLineId: 8, cli: '01632960042' };
const ALTERNATIVE_LINE: DiagnosticsLine = { ...FIBRE_LINE, orderItemId: 43, carrierId: 588, productLineId: 35 };

const DIAGNOSTICS: Permission[] = [{ code: 'BroadbandDiagnostics', accessType: 'Read' }];
const REPORTER: Permission[] = [...DIAGNOSTICS, { code: 'BroadbandReportFault', accessType: 'Write' }];

const ok = <T,>(model: T) => HttpResponse.json({ success: true, model, errors: [] });
const PASS = {
  testOutcome: 'Pass',
  faultLocation: null,
  faultDescription: null,
  diagnosisCode: 'OK0001',
  accessNetworkOperatorReference: 'ANO-778812',
};
const SYNC = {
  operStatus: 'Up',
  timeInSync: 86_400,
  downstreamRate: 67_321,
  upstreamRate: 19_998,
  downstreamSnr: 6.1,
  maxDownstreamRate: 79_999,
  maxUpstreamRate: 20_000,
  attenuation: 12.5,
};
const SPEED_RUNS = ['ST-1001', 'ST-1002', 'ST-1003', 'ST-1004'].map((resultId, index) => ({
  resultId,
  testedAt: `2026-11-2${index}T09:00:00.000Z`,
  downloadSpeed: 9_500,
  uploadSpeed: 950,
  latency: 30,
}));

interface Api {
  wlr3?: boolean | 'fails';
  live?: { active: boolean; connected: boolean };
  /** Answers to each test path segment, overriding the healthy ones. */
  answers?: Partial<Record<string, () => Response | Promise<Response>>>;
  /** Milliseconds each sync and fibre test takes. */
  copperMs?: number;
  reportStatus?: number;
  reportBody?: unknown;
}

/** The carrier routes of both services, healthy unless told otherwise; records what the dialog sent. */
function diagnosticsApi(api: Api = {}) {
  const calls: string[] = [];
  let copperActive = 0;
  let copperOverlap = false;
  const reports: FormData[] = [];
  const copper = async (answer: () => Response) => {
    copperActive += 1;
    if (copperActive > 1) copperOverlap = true;
    await delay(api.copperMs ?? 20);
    copperActive -= 1;
    return answer();
  };
  const healthy: Record<string, () => Response | Promise<Response>> = {
    onlineStatus: () =>
      ok({ ...(api.live ?? { active: true, connected: true }), connectedFrom: api.live ? null : CONNECTED_FROM }),
    syncStatus: () => copper(() => ok(SYNC)),
    exchangeStatus: () => ok({ frame: 'F2', card: 'C14', port: 'P7', lineLength: 1450, exchangeName: 'Hove' }),
    broadbandStatus: () => ok(PASS),
    lineStatus: () => ok(PASS),
    fibreStatus: () => copper(() => ok(PASS)),
  };
  server.use(
    http.get(`${API}/:service/:id/diagnosticsGroup`, () => HttpResponse.json({ diagnosticGroupGuid: GROUP })),
    http.get(`${API}/:service/:id/services`, () =>
      api.wlr3 === 'fails'
        ? HttpResponse.json({ code: 'carrier_unavailable' }, { status: 503 })
        : HttpResponse.json({ value: api.wlr3 ? [{ description: 'WLR3' }, { description: 'Broadband' }] : [] }),
    ),
    http.get(`${API}/:service/:id/speedTestResults`, () => HttpResponse.json({ value: SPEED_RUNS })),
    http.post(`${API}/:service/:id/reportFault`, async ({ request }) => {
      calls.push(`POST ${new URL(request.url).pathname}${new URL(request.url).search}`);
      reports.push(await request.formData());
      await delay(20);
      return HttpResponse.json(api.reportBody ?? { id: 42, reference: 'FR-000042', status: 'queued' }, {
        status: api.reportStatus ?? 202,
      });
    }),
    http.get(`${API}/:service/:id/:test`, ({ request, params }) => {
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      const test = String(params.test);
      const answer = api.answers?.[test] ?? healthy[test];
      return answer ? answer() : HttpResponse.json({ code: 'not_found' }, { status: 404 });
    }),
  );
  return { calls, reports, copperOverlapped: () => copperOverlap };
}

function renderDialog(line: DiagnosticsLine, permissions: Permission[] = REPORTER) {
  const onClose = vi.fn();
  const view = renderWithPermissions(<DiagnosticsDialog open line={line} onClose={onClose} />, permissions);
  return { ...view, onClose };
}

const testCard = (name: string) => screen.getByRole('region', { name });
const statusOf = (name: string) => within(testCard(name)).getByRole('status');
const testNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const runAll = () => screen.findByRole('button', { name: /^run all tests$/i });

describe('the diagnostics dialog', () => {
  it('lists every test of a fibre line with a WLR3 service, with the fibre note', async () => {
    diagnosticsApi({ wlr3: true });
    renderDialog(FIBRE_LINE);
    await runAll();
    expect(testNames()).toEqual([
      'Live Status',
      'Sync Status',
      'Exchange Status',
      'Broadband Status',
      'Line Status',
      'Fibre Status',
    ]);
    expect(screen.getByText(FIBRE_NOTE)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^run non-intrusive tests$/i })).toBeTruthy();
    expect(statusOf('Sync Status').textContent).toContain('Not run');
  });

  it('leaves out Line Status when the services call fails, and the fibre test on a standard line', async () => {
    diagnosticsApi({ wlr3: 'fails' });
    renderDialog(STANDARD_LINE);
    await runAll();
    expect(testNames()).toEqual(['Live Status', 'Sync Status', 'Exchange Status', 'Broadband Status']);
    expect(screen.queryByText(FIBRE_NOTE)).toBeNull();
    expect(screen.queryByRole('button', { name: /non-intrusive/i })).toBeNull();
  });

  it('keeps only Live Status and the fibre test on an alternative-carrier line, on its own service', async () => {
    const api = diagnosticsApi({ wlr3: true });
    renderDialog(ALTERNATIVE_LINE);
    await userEvent.click(await runAll());
    expect(testNames()).toEqual(['Live Status', 'Fibre Status']);
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(api.calls.every((call) => call.startsWith('/api/broadbandSkylark/43/'))).toBe(true);
  });

  it('runs all tests with every status shown, never sync and fibre at once', async () => {
    const api = diagnosticsApi({ wlr3: true, copperMs: 300 });
    renderDialog(FIBRE_LINE);
    await userEvent.click(await runAll());
    expect(statusOf('Sync Status').textContent).toContain('Running');
    expect(statusOf('Fibre Status').textContent).toContain('Running');
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'), { timeout: 2000 });
    expect(statusOf('Live Status').textContent).toContain(`Connected (${formatDateTime(CONNECTED_FROM)})`);
    expect(statusOf('Sync Status').textContent).toContain('In sync');
    expect(statusOf('Exchange Status').textContent).toContain('Hove');
    expect(statusOf('Broadband Status').textContent).toContain('Passed');
    expect(statusOf('Line Status').textContent).toContain('Passed');
    expect(api.copperOverlapped()).toBe(false);
    // Rates in Mb/s to two decimals, from kbit/s; decibels; metres; the operator's reference.
    const sync = within(testCard('Sync Status'));
    expect(sync.getByText('67.32 Mb/s')).toBeTruthy();
    expect(sync.getByText('6.1 dB')).toBeTruthy();
    expect(within(testCard('Exchange Status')).getByText('1,450 m')).toBeTruthy();
    expect(within(testCard('Fibre Status')).getByText('ANO-778812')).toBeTruthy();
    expect(api.calls).toContain(`/api/broadbandKeystone/41/syncStatus?groupId=${GROUP}`);
    expect(api.calls).toContain(`/api/broadbandKeystone/41/fibreStatus?groupId=${GROUP}&runIntrusiveTest=true`);
  });

  it('queues a fibre test started while sync runs', async () => {
    const api = diagnosticsApi({ copperMs: 60 });
    renderDialog(FIBRE_LINE);
    await runAll();
    await userEvent.click(screen.getByRole('button', { name: 'Run Sync Status' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run Fibre Status' }));
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(statusOf('Sync Status').textContent).toContain('In sync');
    expect(api.copperOverlapped()).toBe(false);
  });

  it('runs the fibre test without its copper element for RUN NON-INTRUSIVE TESTS', async () => {
    const api = diagnosticsApi();
    renderDialog(FIBRE_LINE);
    await userEvent.click(await screen.findByRole('button', { name: /^run non-intrusive tests$/i }));
    await waitFor(() => expect(statusOf('Fibre Status').textContent).toContain('Passed'));
    expect(api.calls).toContain(`/api/broadbandKeystone/41/fibreStatus?groupId=${GROUP}&runIntrusiveTest=false`);
    expect(statusOf('Live Status').textContent).not.toContain('Not run');
  });

  it.each([
    [{ active: true, connected: false }, 'Disconnected'],
    [{ active: false, connected: false }, 'Suspended'],
  ])('labels a live status of %o %s', async (live, label) => {
    diagnosticsApi({ live });
    renderDialog(STANDARD_LINE);
    await runAll();
    await userEvent.click(screen.getByRole('button', { name: 'Run Live Status' }));
    await waitFor(() => expect(statusOf('Live Status').textContent).toContain(label));
  });

  it("shows Failed with the carrier's first message, or the unexpected-error message when the API fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    diagnosticsApi({
      answers: {
        syncStatus: () =>
          HttpResponse.json({
            success: false,
            model: null,
            errors: [{ errorMessage: NOTIFICATION_MESSAGES.diagnosticsDuplicateTest }, { errorMessage: 'Other' }],
          }),
        exchangeStatus: () => HttpResponse.json({ code: 'carrier_unavailable' }, { status: 502 }),
        broadbandStatus: () =>
          ok({ ...PASS, testOutcome: 'Fail', faultDescription: 'Line fault', faultLocation: 'Network' }),
      },
    });
    renderDialog(STANDARD_LINE);
    await userEvent.click(await runAll());
    await waitFor(() => expect(statusOf('Exchange Status').textContent).toContain('Failed'));
    const sync = within(testCard('Sync Status'));
    await waitFor(() => expect(sync.getByRole('status').textContent).toContain('Failed'));
    expect(sync.getByText(NOTIFICATION_MESSAGES.diagnosticsDuplicateTest)).toBeTruthy();
    expect(sync.queryByText('Other')).toBeNull();
    expect(
      within(testCard('Exchange Status')).getByText(NOTIFICATION_MESSAGES.diagnosticsUnexpectedError),
    ).toBeTruthy();
    await waitFor(() => expect(statusOf('Broadband Status').textContent).toContain('Fault found'));
    expect(within(testCard('Broadband Status')).getByText('Line fault')).toBeTruthy();
    expect(within(testCard('Broadband Status')).getByText('Network')).toBeTruthy();
  });

  it('shows the answer to the newest run of a test, not an older one that comes later', async () => {
    let reads = 0;
    diagnosticsApi({
      answers: {
        exchangeStatus: async () => {
          reads += 1;
          const name = reads === 1 ? 'Old exchange' : 'New exchange';
          await delay(reads === 1 ? 150 : 10);
          return ok({ frame: 'F', card: 'C', port: 'P', lineLength: 10, exchangeName: name });
        },
      },
    });
    renderDialog(STANDARD_LINE);
    await runAll();
    const run = screen.getByRole('button', { name: 'Run Exchange Status' });
    await userEvent.click(run);
    await userEvent.click(run);
    await waitFor(() => expect(statusOf('Exchange Status').textContent).toContain('New exchange'));
    await delay(200);
    expect(statusOf('Exchange Status').textContent).toContain('New exchange');
  });

  it('offers Report Fault only with BroadbandReportFault Write, once a test has run', async () => {
    diagnosticsApi();
    const { unmount } = renderDialog(STANDARD_LINE);
    await runAll();
    expect(screen.queryByRole('tab', { name: 'Report Fault' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run Live Status' }));
    expect(await screen.findByRole('tab', { name: 'Report Fault' })).toBeTruthy();
    unmount();

    renderDialog(STANDARD_LINE, DIAGNOSTICS);
    await userEvent.click(await runAll());
    await waitFor(() => expect(statusOf('Live Status').textContent).toContain('Connected'));
    expect(screen.queryByRole('tab', { name: 'Report Fault' })).toBeNull();
  });

  it('closes with its Close button, not with Escape while a test runs', async () => {
    diagnosticsApi({ copperMs: 200 });
    const { onClose } = renderDialog(STANDARD_LINE);
    await userEvent.click(await screen.findByRole('button', { name: 'Run Sync Status' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
