import type { AuthenticationLogRow, BroadbandService, LiveStatus, SpeedTestRun, TestOutcome } from '@portal/contract';
import { z } from 'zod';
import {
  type AuthLogSortField,
  type BroadbandCarrierAdapter,
  type BroadbandLine,
  type BroadbandTestName,
  DUPLICATE_TEST_REFUSAL,
  type HistoryAnswer,
  type HistoryPage,
  type LineHistorySortField,
  pollUntilDone,
  type SessionSortField,
  type TestModel,
  type TestPolling,
  testFailed,
} from '../broadband-carrier.js';
import type { FaultToRaise } from '../broadband-fault.js';
import { CarrierHttp, type Refusal } from '../carrier-http.js';
import { CarrierUnavailableError } from '../mobile-carrier.js';
import type { ResilienceTimings } from '../resilience.js';
import { raiseKeystoneFault } from './keystone-faults.js';

// Keystone Networks' replies (docs/decisions/0096): camelCase, problem-details errors, page/pageSize/sort paging.

const ProblemSchema = z.object({ type: z.string(), title: z.string() });
function keystoneRefusal(body: unknown): Refusal | undefined {
  const parsed = ProblemSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const code = parsed.data.type.split('/').at(-1) ?? 'problem';
  return { code: code === 'test-conflict' ? DUPLICATE_TEST_REFUSAL : code, message: parsed.data.title };
}

const LineSchema = z.object({
  serviceState: z.enum(['Active', 'Suspended']),
  session: z.object({ connected: z.boolean(), connectedSince: z.iso.datetime().nullable() }),
});
const ServicesSchema = z.object({ services: z.array(z.object({ serviceType: z.string(), description: z.string() })) });
const SyncResultSchema = z.object({
  syncState: z.enum(['InSync', 'NoSync']),
  syncDurationSeconds: z.number().int().min(0),
  downstreamKbps: z.number().int().min(0),
  upstreamKbps: z.number().int().min(0),
  attainableDownstreamKbps: z.number().int().min(0),
  attainableUpstreamKbps: z.number().int().min(0),
  snrMarginDb: z.number(),
  lineAttenuationDb: z.number(),
});
const ExchangeResultSchema = z.object({
  exchangeName: z.string().min(1),
  mdfFrame: z.string(),
  card: z.string(),
  port: z.string(),
  estimatedLineLengthM: z.number().int().min(0),
});
const VerdictResultSchema = z.object({
  verdict: z.enum(['PASS', 'FAIL', 'INCONCLUSIVE']),
  faultLocation: z.string().nullable(),
  faultDescription: z.string().nullable(),
  diagnosticCode: z.string().min(1),
});
const TestSchema = z.object({
  testId: z.string().min(1),
  status: z.enum(['running', 'completed', 'failed']),
  anoReference: z.string().min(1),
  result: z.unknown(),
  failureReason: z.string().nullable(),
});
type KeystoneTest = z.infer<typeof TestSchema>;
const pageOf = <T extends z.ZodType>(row: T) => z.object({ items: z.array(row), totalItems: z.number().int().min(0) });
const SessionPage = pageOf(
  z.object({
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
    durationSeconds: z.number().int().min(0),
    downstreamKbps: z.number().int().min(0),
    upstreamKbps: z.number().int().min(0),
    framedIp: z.ipv4(),
  }),
);
const QualityPage = pageOf(
  z.object({
    gatheredDate: z.iso.datetime(),
    profileName: z.string(),
    snrMarginDb: z.number(),
    downAttenuationDb: z.number(),
    upAttenuationDb: z.number(),
    erroredSeconds: z.number().int().min(0),
    erroredSecondsCpe: z.number().int().min(0),
    syncCount: z.number().int().min(0),
    lostSyncCount: z.number().int().min(0),
  }),
);
const AuthPage = pageOf(
  z.object({
    username: z.string().min(1),
    loggedAt: z.iso.datetime(),
    result: z.string().min(1),
    bras: z.string(),
    reason: z.string().nullable(),
  }),
);
const SpeedPage = pageOf(
  z.object({
    speedTestId: z.string().min(1),
    testedAt: z.iso.datetime(),
    downloadKbps: z.number().int().min(0),
    uploadKbps: z.number().int().min(0),
    latencyMs: z.number().int().min(0),
  }),
);

const SORT_FIELD = {
  startTime: 'startTime',
  endTime: 'endTime',
  sessionTime: 'durationSeconds',
  gatheredDate: 'gatheredDate',
  downstreamSnrMargin: 'snrMarginDb',
  lostSyncCount: 'lostSyncCount',
  logDate: 'loggedAt',
  status: 'result',
} as const satisfies Record<SessionSortField | LineHistorySortField | AuthLogSortField, string>;

/** Keystone pages by page number and size; the query of one of its pages. */
function pageQuery(
  page: HistoryPage<keyof typeof SORT_FIELD>,
  number: number,
  size: number,
  extra: Record<string, string>,
) {
  return new URLSearchParams({
    page: String(number),
    pageSize: String(size),
    sort: `${page.descending ? '-' : ''}${SORT_FIELD[page.orderBy]}`,
    ...extra,
  });
}

function outcomeOf(test: KeystoneTest): TestOutcome {
  const result = VerdictResultSchema.parse(test.result);
  return {
    testOutcome: result.verdict === 'PASS' ? 'Pass' : result.verdict === 'FAIL' ? 'Fail' : 'Inconclusive',
    faultLocation: result.faultLocation,
    faultDescription: result.faultDescription,
    diagnosisCode: result.diagnosticCode,
    accessNetworkOperatorReference: test.anoReference,
  };
}

export type KeystoneSettings = { baseUrl: string; apiKey: string; timings: ResilienceTimings; polling: TestPolling };

export class KeystoneAdapter implements BroadbandCarrierAdapter {
  readonly name = 'Keystone Networks';
  readonly http: CarrierHttp;
  readonly #polling: TestPolling;

  constructor(settings: KeystoneSettings) {
    this.#polling = settings.polling;
    this.http = new CarrierHttp({
      name: this.name,
      baseUrl: settings.baseUrl,
      headers: { 'x-keystone-key': settings.apiKey },
      timings: settings.timings,
      refusalOf: keystoneRefusal,
    });
  }

  #line(line: BroadbandLine): string {
    return `/lines/${encodeURIComponent(line.number)}`;
  }

  /**
   * The portal's skip/top as Keystone's pages of `top` rows: the page holding the first wanted row and, when skip
   * is not a multiple of top, the next one, cut to the wanted rows.
   */
  async #paged<Row>(
    path: string,
    page: HistoryPage<keyof typeof SORT_FIELD>,
    schema: z.ZodType<{ items: Row[]; totalItems: number }>,
    extra: Record<string, string> = {},
  ): Promise<{ items: Row[]; totalItems: number }> {
    const size = Math.max(page.top, 1);
    const first = Math.floor(page.skip / size) + 1;
    const offset = page.skip % size;
    const get = (number: number) => this.http.get(`${path}?${pageQuery(page, number, size, extra)}`, schema);
    const pages = await Promise.all(offset > 0 ? [get(first), get(first + 1)] : [get(first)]);
    const items = pages.flatMap((answer) => answer.items).slice(offset, offset + page.top);
    return { items, totalItems: pages[0]!.totalItems };
  }

  async liveStatus(line: BroadbandLine): Promise<LiveStatus> {
    const held = await this.http.get(this.#line(line), LineSchema);
    return {
      active: held.serviceState === 'Active',
      connected: held.session.connected,
      connectedFrom: held.session.connectedSince,
    };
  }

  async runTest<T extends BroadbandTestName>(line: BroadbandLine, test: T, intrusive: boolean): Promise<TestModel[T]> {
    const started = await this.http.postOnce(
      `${this.#line(line)}/tests`,
      { testType: test, includeCopper: intrusive },
      TestSchema,
    );
    const finished = await pollUntilDone(this.name, this.#polling, async () => {
      const current = await this.http.get(`/tests/${encodeURIComponent(started.testId)}`, TestSchema);
      return current.status === 'running' ? undefined : current;
    });
    if (finished.status === 'failed') throw testFailed(finished.failureReason ?? 'The test could not be completed');
    return this.#model(test, finished) as TestModel[T];
  }

  #model(test: BroadbandTestName, finished: KeystoneTest): TestModel[BroadbandTestName] {
    try {
      if (test === 'sync') {
        const sync = SyncResultSchema.parse(finished.result);
        return {
          operStatus: sync.syncState === 'InSync' ? 'Up' : 'Down',
          timeInSync: sync.syncDurationSeconds,
          downstreamRate: sync.downstreamKbps,
          upstreamRate: sync.upstreamKbps,
          downstreamSnr: sync.snrMarginDb,
          maxDownstreamRate: sync.attainableDownstreamKbps,
          maxUpstreamRate: sync.attainableUpstreamKbps,
          attenuation: sync.lineAttenuationDb,
        };
      }
      if (test === 'exchange') {
        const exchange = ExchangeResultSchema.parse(finished.result);
        return {
          exchangeName: exchange.exchangeName,
          frame: exchange.mdfFrame,
          card: exchange.card,
          port: exchange.port,
          lineLength: exchange.estimatedLineLengthM,
        };
      }
      return outcomeOf(finished);
    } catch (error) {
      throw new CarrierUnavailableError(`${this.name} answered the ${test} test with an unexpected result`, {
        cause: error,
      });
    }
  }

  async services(line: BroadbandLine): Promise<BroadbandService[]> {
    const held = await this.http.get(`${this.#line(line)}/services`, ServicesSchema);
    return held.services.map((service) => ({
      description: service.serviceType === 'WLR3' ? 'WLR3' : service.description,
    }));
  }

  async sessionHistory(line: BroadbandLine, username: string, page: HistoryPage<SessionSortField>) {
    const answer = await this.#paged(`${this.#line(line)}/sessions`, page, SessionPage);
    return {
      total: answer.totalItems,
      rows: answer.items.map((row) => ({
        username,
        startTime: row.startTime,
        endTime: row.endTime,
        sessionTime: row.durationSeconds,
        speed: { download: row.downstreamKbps, upload: row.upstreamKbps },
        ipAddress: row.framedIp,
      })),
    };
  }

  async lineHistory(line: BroadbandLine, page: HistoryPage<LineHistorySortField>) {
    const answer = await this.#paged(`${this.#line(line)}/line-quality`, page, QualityPage);
    return {
      total: answer.totalItems,
      rows: answer.items.map((row) => ({
        gatheredDate: row.gatheredDate,
        profileName: row.profileName,
        downstreamSnrMargin: row.snrMarginDb,
        downstreamAttenuation: row.downAttenuationDb,
        upstreamAttenuation: row.upAttenuationDb,
        secServiceDisrupted: row.erroredSeconds,
        secServiceDisruptedCpe: row.erroredSecondsCpe,
        syncCount: row.syncCount,
        lostSyncCount: row.lostSyncCount,
      })),
    };
  }

  async authenticationLogs(
    line: BroadbandLine,
    username: string,
    page: HistoryPage<AuthLogSortField>,
  ): Promise<HistoryAnswer<AuthenticationLogRow>> {
    const answer = await this.#paged(`${this.#line(line)}/auth-logs`, page, AuthPage, { username });
    return {
      total: answer.totalItems,
      rows: answer.items.map((row) => ({
        username: row.username,
        logDate: row.loggedAt,
        status: row.result,
        bras: row.bras,
        ...(row.reason ? { error: row.reason } : {}),
      })),
    };
  }

  async speedTests(line: BroadbandLine): Promise<SpeedTestRun[]> {
    const answer = await this.http.get(`${this.#line(line)}/speed-tests?page=1&pageSize=20&sort=-testedAt`, SpeedPage);
    return answer.items.map((row) => ({
      resultId: row.speedTestId,
      testedAt: row.testedAt,
      downloadSpeed: row.downloadKbps,
      uploadSpeed: row.uploadKbps,
      latency: row.latencyMs,
    }));
  }

  raise(fault: FaultToRaise, idempotencyKey: string): Promise<{ reference: string }> {
    return raiseKeystoneFault(this.http, fault, idempotencyKey);
  }
}
