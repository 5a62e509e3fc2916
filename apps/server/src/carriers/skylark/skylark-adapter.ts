import type { AuthenticationLogRow, BroadbandService, LiveStatus, SpeedTestRun } from '@portal/contract';
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
  refusedAsOffered,
  type SessionSortField,
  type TestModel,
  type TestPolling,
  testFailed,
} from '../broadband-carrier.js';
import type { FaultToRaise } from '../broadband-fault.js';
import { CarrierHttp, type Refusal } from '../carrier-http.js';
import { CarrierUnavailableError } from '../mobile-carrier.js';
import type { ResilienceTimings } from '../resilience.js';
import { raiseSkylarkTicket } from './skylark-faults.js';

// Skylark Fibre's replies (docs/decisions/0096): snake_case, { errors: [{ code, message }] }, limit/offset paging.
// A full-fibre network: it offers the ONT sync check and the fibre path test only.

const ErrorsSchema = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string() })).min(1) });
function skylarkRefusal(body: unknown): Refusal | undefined {
  const parsed = ErrorsSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const first = parsed.data.errors[0]!;
  return {
    code: first.code === 'diagnostic_in_progress' ? DUPLICATE_TEST_REFUSAL : first.code,
    message: first.message,
  };
}

const TEST_TYPES: Partial<Record<BroadbandTestName, string>> = { sync: 'ont_sync', fibre: 'fibre_path' };

const StatusSchema = z.object({
  service_status: z.enum(['in_service', 'suspended']),
  ont_status: z.enum(['online', 'offline']),
  online_since: z.iso.datetime().nullable(),
});
const ServicesSchema = z.object({ data: z.array(z.object({ product_code: z.string(), name: z.string() })) });
const DiagnosticSchema = z.object({
  diagnostic_id: z.string().min(1),
  state: z.enum(['in_progress', 'succeeded', 'errored']),
  wholesale_ref: z.string().min(1),
  outcome: z.unknown(),
  error: z.object({ message: z.string() }).nullable(),
});
const SyncOutcomeSchema = z.object({
  link_state: z.enum(['up', 'down']),
  uptime_seconds: z.number().int().min(0),
  downstream_kbps: z.number().int().min(0),
  upstream_kbps: z.number().int().min(0),
  max_downstream_kbps: z.number().int().min(0),
  max_upstream_kbps: z.number().int().min(0),
  optical_margin_db: z.number(),
  optical_loss_db: z.number(),
});
const FibreOutcomeSchema = z.object({
  result: z.enum(['pass', 'fail', 'inconclusive']),
  fault_segment: z.string().nullable(),
  fault_detail: z.string().nullable(),
  reason_code: z.string().min(1),
});
const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), meta: z.object({ total: z.number().int().min(0) }) });
const SessionPage = pageOf(
  z.object({
    start_time: z.iso.datetime(),
    end_time: z.iso.datetime(),
    duration_s: z.number().int().min(0),
    avg_down_kbps: z.number().int().min(0),
    avg_up_kbps: z.number().int().min(0),
    ip_address: z.ipv4(),
  }),
);
const ReadingPage = pageOf(
  z.object({
    read_at: z.iso.datetime(),
    profile: z.string(),
    snr_margin_db: z.number(),
    down_loss_db: z.number(),
    up_loss_db: z.number(),
    errored_seconds: z.number().int().min(0),
    errored_seconds_cpe: z.number().int().min(0),
    syncs: z.number().int().min(0),
    resyncs: z.number().int().min(0),
  }),
);
const RadiusPage = pageOf(
  z.object({
    username: z.string().min(1),
    event_time: z.iso.datetime(),
    outcome: z.enum(['access_accept', 'access_reject']),
    nas: z.string(),
    reply_message: z.string().nullable(),
  }),
);
const SpeedPage = pageOf(
  z.object({
    test_id: z.string().min(1),
    run_at: z.iso.datetime(),
    down_kbps: z.number().int().min(0),
    up_kbps: z.number().int().min(0),
    rtt_ms: z.number().int().min(0),
  }),
);

const SORT_FIELD = {
  startTime: 'start_time',
  endTime: 'end_time',
  sessionTime: 'duration_s',
  gatheredDate: 'read_at',
  downstreamSnrMargin: 'snr_margin_db',
  lostSyncCount: 'resyncs',
  logDate: 'event_time',
  status: 'outcome',
} as const satisfies Record<SessionSortField | LineHistorySortField | AuthLogSortField, string>;

function pageQuery(page: HistoryPage<keyof typeof SORT_FIELD>, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    limit: String(page.top),
    offset: String(page.skip),
    order_by: SORT_FIELD[page.orderBy],
    direction: page.descending ? 'desc' : 'asc',
    ...extra,
  });
}

export type SkylarkSettings = { baseUrl: string; token: string; timings: ResilienceTimings; polling: TestPolling };

export class SkylarkAdapter implements BroadbandCarrierAdapter {
  readonly name = 'Skylark Fibre';
  readonly http: CarrierHttp;
  readonly #polling: TestPolling;

  constructor(settings: SkylarkSettings) {
    this.#polling = settings.polling;
    this.http = new CarrierHttp({
      name: this.name,
      baseUrl: settings.baseUrl,
      headers: { authorization: `Bearer ${settings.token}` },
      timings: settings.timings,
      refusalOf: skylarkRefusal,
    });
  }

  #circuit(line: BroadbandLine): string {
    return `/circuits/${encodeURIComponent(line.number)}`;
  }

  async liveStatus(line: BroadbandLine): Promise<LiveStatus> {
    const status = await this.http.get(`${this.#circuit(line)}/status`, StatusSchema);
    return {
      active: status.service_status === 'in_service',
      connected: status.ont_status === 'online',
      connectedFrom: status.online_since,
    };
  }

  async runTest<T extends BroadbandTestName>(line: BroadbandLine, test: T, intrusive: boolean): Promise<TestModel[T]> {
    const testType = TEST_TYPES[test];
    if (!testType) throw refusedAsOffered(this.name, test);
    const ordered = await this.http.postOnce(
      '/diagnostics',
      { circuit_id: line.number, test_type: testType, intrusive },
      DiagnosticSchema,
    );
    const finished = await pollUntilDone(this.name, this.#polling, async () => {
      const current = await this.http.get(
        `/diagnostics/${encodeURIComponent(ordered.diagnostic_id)}`,
        DiagnosticSchema,
      );
      return current.state === 'in_progress' ? undefined : current;
    });
    if (finished.state === 'errored') throw testFailed(finished.error?.message ?? 'The diagnostic failed');
    const parsed = (test === 'sync' ? SyncOutcomeSchema : FibreOutcomeSchema).safeParse(finished.outcome);
    if (!parsed.success) {
      throw new CarrierUnavailableError(`${this.name} answered the ${test} test with an unexpected result`);
    }
    if (test === 'sync') {
      const sync = parsed.data as z.infer<typeof SyncOutcomeSchema>;
      return {
        operStatus: sync.link_state === 'up' ? 'Up' : 'Down',
        timeInSync: sync.uptime_seconds,
        downstreamRate: sync.downstream_kbps,
        upstreamRate: sync.upstream_kbps,
        downstreamSnr: sync.optical_margin_db,
        maxDownstreamRate: sync.max_downstream_kbps,
        maxUpstreamRate: sync.max_upstream_kbps,
        attenuation: sync.optical_loss_db,
      } as TestModel[T];
    }
    const fibre = parsed.data as z.infer<typeof FibreOutcomeSchema>;
    return {
      testOutcome: fibre.result === 'pass' ? 'Pass' : fibre.result === 'fail' ? 'Fail' : 'Inconclusive',
      faultLocation: fibre.fault_segment,
      faultDescription: fibre.fault_detail,
      diagnosisCode: fibre.reason_code,
      accessNetworkOperatorReference: finished.wholesale_ref,
    } as TestModel[T];
  }

  async services(line: BroadbandLine): Promise<BroadbandService[]> {
    const answer = await this.http.get(`${this.#circuit(line)}/services`, ServicesSchema);
    return answer.data.map((service) => ({ description: service.name }));
  }

  async sessionHistory(line: BroadbandLine, username: string, page: HistoryPage<SessionSortField>) {
    const answer = await this.http.get(`${this.#circuit(line)}/sessions?${pageQuery(page)}`, SessionPage);
    return {
      total: answer.meta.total,
      rows: answer.data.map((row) => ({
        username,
        startTime: row.start_time,
        endTime: row.end_time,
        sessionTime: row.duration_s,
        speed: { download: row.avg_down_kbps, upload: row.avg_up_kbps },
        ipAddress: row.ip_address,
      })),
    };
  }

  async lineHistory(line: BroadbandLine, page: HistoryPage<LineHistorySortField>) {
    const answer = await this.http.get(`${this.#circuit(line)}/line-readings?${pageQuery(page)}`, ReadingPage);
    return {
      total: answer.meta.total,
      rows: answer.data.map((row) => ({
        gatheredDate: row.read_at,
        profileName: row.profile,
        downstreamSnrMargin: row.snr_margin_db,
        downstreamAttenuation: row.down_loss_db,
        upstreamAttenuation: row.up_loss_db,
        secServiceDisrupted: row.errored_seconds,
        secServiceDisruptedCpe: row.errored_seconds_cpe,
        syncCount: row.syncs,
        lostSyncCount: row.resyncs,
      })),
    };
  }

  async authenticationLogs(
    line: BroadbandLine,
    username: string,
    page: HistoryPage<AuthLogSortField>,
  ): Promise<HistoryAnswer<AuthenticationLogRow>> {
    const answer = await this.http.get(
      `${this.#circuit(line)}/radius-logs?${pageQuery(page, { username })}`,
      RadiusPage,
    );
    return {
      total: answer.meta.total,
      rows: answer.data.map((row) => ({
        username: row.username,
        logDate: row.event_time,
        status: row.outcome === 'access_accept' ? 'Accept' : 'Reject',
        bras: row.nas,
        ...(row.reply_message ? { error: row.reply_message } : {}),
      })),
    };
  }

  async speedTests(line: BroadbandLine): Promise<SpeedTestRun[]> {
    const answer = await this.http.get(
      `${this.#circuit(line)}/speed-tests?limit=20&offset=0&order_by=run_at&direction=desc`,
      SpeedPage,
    );
    return answer.data.map((row) => ({
      resultId: row.test_id,
      testedAt: row.run_at,
      downloadSpeed: row.down_kbps,
      uploadSpeed: row.up_kbps,
      latency: row.rtt_ms,
    }));
  }

  raise(fault: FaultToRaise, idempotencyKey: string): Promise<{ reference: string }> {
    return raiseSkylarkTicket(this.http, fault, idempotencyKey);
  }
}
