import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BroadbandCarrierState } from '../broadband/carrier-lines.js';
import { authLogsOf, lineQualityOf, pageOf, sessionsOf, speedTestsOf } from '../broadband/histories.js';
import { exchangeOf, type NeutralResult, resultOf, type TestKind, UK_LANDLINE } from '../broadband/line-model.js';
import { DuplicateTestError, type TestRun } from '../broadband/test-runs.js';
import { CarrierFault, type ErrorDialect, parseOrRefuse } from '../carrier-faults.js';

// Skylark Fibre's diagnostics (docs/decisions/0096): snake_case, circuits by their number, a diagnostic ordered
// with POST /diagnostics and followed at GET /diagnostics/{diagnostic_id}, paging by limit/offset/order_by.
// A full-fibre network: it offers only the ONT sync check and the fibre path test.

export const SKYLARK_ERRORS: ErrorDialect = {
  name: 'Skylark',
  body: (code, message) => ({ errors: [{ code, message }] }),
  invalid: { status: 400, code: 'invalid_parameter' },
  notFoundCode: 'not_found',
  internalCode: 'server_error',
};

const SKYLARK_TESTS = { ont_sync: 'sync', fibre_path: 'fibre' } as const satisfies Record<string, TestKind>;
const OrderBody = z.strictObject({
  circuit_id: z.string(),
  test_type: z.enum(Object.keys(SKYLARK_TESTS) as [keyof typeof SKYLARK_TESTS]),
  intrusive: z.boolean().default(false),
});
const pageQuery = <S extends string>(sortable: readonly [S, ...S[]], defaultField: S) =>
  z.object({
    limit: z.coerce.number().int().min(0).max(10_000).default(25),
    offset: z.coerce.number().int().min(0).default(0),
    order_by: z.enum(sortable).default(defaultField),
    direction: z.enum(['asc', 'desc']).default('desc'),
  });
const SessionsQuery = pageQuery(['start_time', 'end_time', 'duration_s'], 'start_time');
const ReadingsQuery = pageQuery(['read_at', 'snr_margin_db', 'resyncs'], 'read_at');
const RadiusQuery = pageQuery(['event_time', 'outcome'], 'event_time').extend({ username: z.string().min(1) });
const SpeedQuery = pageQuery(['run_at'], 'run_at');

function circuitOf(id: unknown): string {
  const circuit = String(id);
  if (!UK_LANDLINE.test(circuit)) throw new CarrierFault(404, 'circuit_not_found', `No circuit ${circuit}`);
  return circuit;
}

type PageQuery = { limit: number; offset: number; order_by: string; direction: 'asc' | 'desc' };

function skylarkPage<T extends Record<string, unknown>>(rows: readonly T[], query: PageQuery) {
  const { total, items } = pageOf(
    rows,
    (row) => row[query.order_by] as number | string,
    query.direction === 'desc',
    query.offset,
    query.limit,
  );
  return { data: items, meta: { total, limit: query.limit, offset: query.offset } };
}

function outcomeBody(result: NeutralResult) {
  if (result.kind === 'sync') {
    return {
      link_state: result.sync.inSync ? 'up' : 'down',
      uptime_seconds: result.sync.secondsInSync,
      downstream_kbps: result.sync.downKbps,
      upstream_kbps: result.sync.upKbps,
      max_downstream_kbps: result.sync.maxDownKbps,
      max_upstream_kbps: result.sync.maxUpKbps,
      optical_margin_db: result.sync.snrMarginDb,
      optical_loss_db: result.sync.attenuationDb,
    };
  }
  if (result.kind === 'exchange') return { olt: result.exchange.exchangeName };
  return {
    result: result.finding.outcome,
    fault_segment: result.finding.faultLocation,
    fault_detail: result.finding.faultDescription,
    reason_code: result.finding.diagnosisCode.replace('TST', 'SKY-'),
  };
}

const TEST_TYPE_OF: Record<TestKind, string> = {
  sync: 'ont_sync',
  fibre: 'fibre_path',
  exchange: 'exchange',
  broadband: 'broadband',
  line: 'line',
};

export function diagnosticBody(run: TestRun<NeutralResult | { refused: string }>) {
  const refused = run.result && 'refused' in run.result ? run.result.refused : null;
  return {
    diagnostic_id: run.id,
    circuit_id: run.line,
    test_type: TEST_TYPE_OF[run.kind],
    intrusive: run.intrusive,
    state: run.finishedAt === null ? 'in_progress' : refused ? 'errored' : 'succeeded',
    requested_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    wholesale_ref: `SKY${run.id.replaceAll('-', '').slice(0, 10).toUpperCase()}`,
    outcome: run.result && !('refused' in run.result) ? outcomeBody(run.result) : null,
    error: refused ? { code: 'diagnostic_failed', message: refused } : null,
  };
}

export function skylarkDiagnostics(state: BroadbandCarrierState): FastifyPluginAsync {
  const historyLine = (number: string) => ({ ...state.line(number), now: state.now() });
  return async (scope) => {
    scope.get('/circuits/:circuitId/status', async (request) => {
      const live = state.live(circuitOf((request.params as { circuitId: string }).circuitId));
      return {
        circuit_id: live.number,
        service_status: live.active ? 'in_service' : 'suspended',
        ont_status: live.connected ? 'online' : 'offline',
        online_since: live.connectedSince?.toISOString() ?? null,
      };
    });

    scope.get('/circuits/:circuitId/services', async (request) => {
      const circuit = circuitOf((request.params as { circuitId: string }).circuitId);
      return { data: [{ product_code: 'FTTP-900', name: 'Full fibre broadband', circuit_id: circuit }] };
    });

    scope.post('/diagnostics', async (request, reply) => {
      const body = parseOrRefuse(SKYLARK_ERRORS, OrderBody, request.body);
      const circuit = circuitOf(body.circuit_id);
      if (state.faults.refusesChange(state.carrier)) {
        throw new CarrierFault(422, 'diagnostic_rejected', 'Skylark is not accepting diagnostics on this circuit');
      }
      if (state.line(circuit).condition === 'suspended') {
        throw new CarrierFault(422, 'circuit_suspended', 'The circuit is suspended and cannot be tested');
      }
      const kind = SKYLARK_TESTS[body.test_type];
      try {
        const run = state.tests.start(circuit, kind, body.intrusive, () =>
          state.faults.failsAcceptedChanges(state.carrier)
            ? { refused: 'The diagnostic could not reach the ONT' }
            : resultOf(kind, body.intrusive, state.line(circuit)),
        );
        return reply.code(201).send(diagnosticBody(run));
      } catch (error) {
        if (!(error instanceof DuplicateTestError)) throw error;
        throw new CarrierFault(
          409,
          'diagnostic_in_progress',
          `Diagnostic ${error.running.id} (${TEST_TYPE_OF[error.running.kind]}) is still running on this circuit`,
        );
      }
    });

    scope.get('/diagnostics/:diagnosticId', async (request) => {
      const { diagnosticId } = z.object({ diagnosticId: z.string() }).parse(request.params);
      const run = state.tests.get(diagnosticId);
      if (!run) throw new CarrierFault(404, 'diagnostic_not_found', `No diagnostic ${diagnosticId}`);
      return diagnosticBody(run);
    });

    /** A history route: the circuit's rows in Skylark's words, paged by limit and offset. */
    const history = <Q extends PageQuery, Row extends Record<string, unknown>>(
      path: string,
      querySchema: z.ZodType<Q>,
      rowsOf: (circuit: string, query: Q) => Row[],
    ) =>
      scope.get(`/circuits/:circuitId/${path}`, async (request) => {
        const circuit = circuitOf((request.params as { circuitId: string }).circuitId);
        const query = parseOrRefuse(SKYLARK_ERRORS, querySchema, request.query);
        return skylarkPage(rowsOf(circuit, query), query);
      });

    history('sessions', SessionsQuery, (circuit) =>
      sessionsOf(historyLine(circuit)).map((session) => ({
        start_time: session.startTime.toISOString(),
        end_time: session.endTime.toISOString(),
        duration_s: Math.round((session.endTime.getTime() - session.startTime.getTime()) / 1000),
        avg_down_kbps: session.downKbps,
        avg_up_kbps: session.upKbps,
        ip_address: session.ipAddress,
      })),
    );

    history('line-readings', ReadingsQuery, (circuit) =>
      lineQualityOf(historyLine(circuit)).map((row) => ({
        read_at: row.gatheredDate.toISOString(),
        profile: row.profileName,
        snr_margin_db: row.snrMarginDb,
        down_loss_db: row.downAttenuationDb,
        up_loss_db: row.upAttenuationDb,
        errored_seconds: row.erroredSeconds,
        errored_seconds_cpe: row.erroredSecondsCpe,
        syncs: row.syncCount,
        resyncs: row.lostSyncCount,
      })),
    );

    history('radius-logs', RadiusQuery, (circuit, query) =>
      authLogsOf(historyLine(circuit), exchangeOf(circuit).exchangeName).map((row) => ({
        username: query.username,
        event_time: row.logDate.toISOString(),
        outcome: row.status === 'Accept' ? 'access_accept' : 'access_reject',
        nas: row.bras,
        reply_message: row.error,
      })),
    );

    history('speed-tests', SpeedQuery, (circuit) =>
      speedTestsOf(historyLine(circuit), 'SKY-ST-').map((row) => ({
        test_id: row.resultId,
        run_at: row.testedAt.toISOString(),
        down_kbps: row.downKbps,
        up_kbps: row.upKbps,
        rtt_ms: row.latencyMs,
      })),
    );
  };
}
