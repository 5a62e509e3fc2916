import type { Permission } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';
import { startFakeApi } from '../../test/fake-api';
import { renderWithPermissions } from '../bills/test-utils';
import DiagnosticsDialog from './DiagnosticsDialog';
import type { DiagnosticsLine } from './diagnostics-line';
import { forgetFaultDrafts } from './fault-report-draft';

/** Component-test fakes of the carrier routes the diagnostics dialog calls (docs/decisions/0095). */

const API = 'http://localhost/api';

/** The dialog's fake API for one test file; a report one test left unsent would otherwise be resumed by the next. */
export const startDiagnosticsApi = (): SetupServer => startFakeApi(forgetFaultDrafts);
export const GROUP = '6f0e8f6e-3f7a-4a51-8d67-0c1f3e7f2b10';
export const CONNECTED_FROM = '2026-11-23T07:15:00.000Z';
export const FIBRE_LINE: DiagnosticsLine = {
  orderItemId: 41,
  carrierId: 494,
  productLineId: 9,
  cli: '01632960041',
  ipAddress: '203.0.113.41',
};
export const STANDARD_LINE: DiagnosticsLine = { ...FIBRE_LINE, orderItemId: 42, productLineId: 8, cli: '01632960042' };
export const ALTERNATIVE_LINE: DiagnosticsLine = { ...FIBRE_LINE, orderItemId: 43, carrierId: 588, productLineId: 35 };

export const DIAGNOSTICS: Permission[] = [{ code: 'BroadbandDiagnostics', accessType: 'Read' }];
export const REPORTER: Permission[] = [...DIAGNOSTICS, { code: 'BroadbandReportFault', accessType: 'Write' }];

export const ok = <T,>(model: T) => HttpResponse.json({ success: true, model, errors: [] });
export const PASS = {
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
export const SPEED_RUNS = ['ST-1001', 'ST-1002', 'ST-1003', 'ST-1004'].map((resultId, index) => ({
  resultId,
  testedAt: `2026-11-2${index}T09:00:00.000Z`,
  downloadSpeed: 9_500,
  uploadSpeed: 950,
  latency: 30,
}));

export interface Api {
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
export function diagnosticsApi(server: SetupServer, api: Api = {}) {
  const calls: string[] = [];
  let copperActive = 0;
  let copperOverlap = false;
  // The bodies as the dialog handed them to fetch: jsdom's File cannot be read back by Node's multipart encoder.
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const reports = () =>
    fetchSpy.mock.calls
      .filter(([input]) => String(input).includes('/reportFault'))
      .map(([, init]) => init?.body as FormData);
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

export function renderDialog(line: DiagnosticsLine, permissions: Permission[] = REPORTER) {
  const onClose = vi.fn();
  const view = renderWithPermissions(<DiagnosticsDialog open line={line} onClose={onClose} />, permissions);
  return { ...view, onClose };
}

export const testCard = (name: string) => screen.getByRole('region', { name });
export const statusOf = (name: string) => within(testCard(name)).getByRole('status');
export const testNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
export const runAll = () => screen.findByRole('button', { name: /^run all tests$/i });
