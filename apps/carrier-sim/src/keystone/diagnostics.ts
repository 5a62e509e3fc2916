import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BroadbandCarrierState } from '../broadband/carrier-lines.js';
import { authLogsOf, lineQualityOf, pageOf, sessionsOf, speedTestsOf } from '../broadband/histories.js';
import { exchangeOf, type NeutralResult, resultOf, TEST_KINDS, UK_LANDLINE } from '../broadband/line-model.js';
import { DuplicateTestError, type TestRun } from '../broadband/test-runs.js';
import { CarrierFault, type ErrorDialect, parseOrRefuse } from '../carrier-faults.js';

// Keystone Networks' line diagnostics (docs/decisions/0096): camelCase, lines by their number (`lineRef`), tests
// started with POST .../lines/{lineRef}/tests and polled at GET .../tests/{testId}, paging by page/pageSize/sort.

export const KEYSTONE_ERRORS: ErrorDialect = {
  name: 'Keystone',
  // RFC 9457 problem details, with Keystone's code in the type.
  body: (code, message) => ({ type: `https://developer.keystone.example/problems/${code}`, title: message }),
  invalid: { status: 400, code: 'invalid-request' },
  notFoundCode: 'not-found',
  internalCode: 'internal-error',
};

const LineParams = z.object({ lineRef: z.string() });
const StartTestBody = z.strictObject({ testType: z.enum(TEST_KINDS), includeCopper: z.boolean().default(true) });
const pageQuery = <S extends string>(sortable: readonly [S, ...S[]], defaultSort: string) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(0).max(10_000).default(50),
    sort: z
      .string()
      .regex(new RegExp(`^-?(${sortable.join('|')})$`), `sort is one of ${sortable.join(', ')}, - for descending`)
      .default(defaultSort),
  });
const SessionsQuery = pageQuery(['startTime', 'endTime', 'durationSeconds'], '-startTime');
const QualityQuery = pageQuery(['gatheredDate', 'snrMarginDb', 'lostSyncCount'], '-gatheredDate');
const AuthLogsQuery = pageQuery(['loggedAt', 'result'], '-loggedAt').extend({ username: z.string().min(1) });
const SpeedQuery = pageQuery(['testedAt'], '-testedAt');

export function lineRefOf(params: unknown): string {
  const { lineRef } = LineParams.parse(params);
  if (!UK_LANDLINE.test(lineRef)) throw new CarrierFault(404, 'line-not-found', `No line ${lineRef}`);
  return lineRef;
}

/** The rows of one page, as Keystone pages every list: sort by a field name, '-' first for descending. */
function keystonePage<T extends object>(
  rows: readonly T[],
  query: { page: number; pageSize: number; sort: string },
  field: (row: T, name: string) => number | string,
) {
  const name = query.sort.replace(/^-/, '');
  const { total, items } = pageOf(
    rows,
    (row) => field(row, name),
    query.sort.startsWith('-'),
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return { items, page: query.page, pageSize: query.pageSize, totalItems: total };
}

const byName = (row: object, name: string) => {
  const value = (row as Record<string, unknown>)[name];
  return typeof value === 'number' || typeof value === 'string' ? value : String(value);
};

function resultBody(result: NeutralResult) {
  switch (result.kind) {
    case 'sync':
      return {
        syncState: result.sync.inSync ? 'InSync' : 'NoSync',
        syncDurationSeconds: result.sync.secondsInSync,
        downstreamKbps: result.sync.downKbps,
        upstreamKbps: result.sync.upKbps,
        attainableDownstreamKbps: result.sync.maxDownKbps,
        attainableUpstreamKbps: result.sync.maxUpKbps,
        snrMarginDb: result.sync.snrMarginDb,
        lineAttenuationDb: result.sync.attenuationDb,
      };
    case 'exchange':
      return {
        exchangeName: result.exchange.exchangeName,
        mdfFrame: result.exchange.frame,
        card: result.exchange.card,
        port: result.exchange.port,
        estimatedLineLengthM: result.exchange.lineLengthMetres,
      };
    default:
      return {
        verdict: result.finding.outcome.toUpperCase(),
        faultLocation: result.finding.faultLocation,
        faultDescription: result.finding.faultDescription,
        diagnosticCode: result.finding.diagnosisCode,
      };
  }
}

export function testBody(run: TestRun<NeutralResult | { refused: string }>) {
  const refused = run.result && 'refused' in run.result ? run.result.refused : null;
  return {
    testId: run.id,
    lineRef: run.line,
    testType: run.kind,
    includeCopper: run.intrusive,
    status: run.finishedAt === null ? 'running' : refused ? 'failed' : 'completed',
    startedAt: run.startedAt.toISOString(),
    completedAt: run.finishedAt?.toISOString() ?? null,
    // The access network operator's reference, quoted to it when a fault is raised.
    anoReference: `KSN-${run.id.slice(0, 8).toUpperCase()}`,
    result: run.result && !('refused' in run.result) ? resultBody(run.result) : null,
    failureReason: refused,
  };
}

export function keystoneDiagnostics(state: BroadbandCarrierState): FastifyPluginAsync {
  const historyLine = (number: string) => ({ ...state.line(number), now: state.now() });
  return async (scope) => {
    scope.get('/lines/:lineRef', async (request) => {
      const live = state.live(lineRefOf(request.params));
      return {
        lineRef: live.number,
        accessTechnology: live.technology.toUpperCase(),
        serviceState: live.active ? 'Active' : 'Suspended',
        session: { connected: live.connected, connectedSince: live.connectedSince?.toISOString() ?? null },
      };
    });

    scope.get('/lines/:lineRef/services', async (request) => {
      const line = state.line(lineRefOf(request.params));
      return {
        lineRef: line.number,
        services: [
          { serviceId: `BB-${line.number}`, serviceType: 'Broadband', description: 'Business broadband' },
          ...(line.voice ? [{ serviceId: `WLR-${line.number}`, serviceType: 'WLR3', description: 'WLR3' }] : []),
        ],
      };
    });

    scope.post('/lines/:lineRef/tests', async (request, reply) => {
      const number = lineRefOf(request.params);
      const body = parseOrRefuse(KEYSTONE_ERRORS, StartTestBody, request.body);
      if (state.faults.refusesChange(state.carrier)) {
        throw new CarrierFault(422, 'test-refused', 'Keystone is not accepting tests on this line');
      }
      const line = state.line(number);
      if (line.condition === 'suspended') {
        throw new CarrierFault(422, 'line-suspended', 'The line is suspended: it cannot be tested');
      }
      if (body.testType === 'line' && !line.voice) {
        throw new CarrierFault(422, 'no-voice-service', 'The line has no WLR3 voice service to test');
      }
      try {
        const run = state.tests.start(number, body.testType, body.includeCopper, () =>
          state.faults.failsAcceptedChanges(state.carrier)
            ? { refused: 'The test could not be completed at the exchange' }
            : resultOf(body.testType, body.includeCopper, state.line(number)),
        );
        return reply.code(202).send(testBody(run));
      } catch (error) {
        if (!(error instanceof DuplicateTestError)) throw error;
        throw new CarrierFault(
          409,
          'test-conflict',
          `A ${error.running.kind} test is already running on this line (${error.running.id})`,
        );
      }
    });

    scope.get('/tests/:testId', async (request) => {
      const { testId } = z.object({ testId: z.string() }).parse(request.params);
      const run = state.tests.get(testId);
      if (!run) throw new CarrierFault(404, 'test-not-found', `No test ${testId}`);
      return testBody(run);
    });

    /** A history route: the line's rows in Keystone's words, paged as it pages every list. */
    const history = <Q extends { page: number; pageSize: number; sort: string }, Row extends object>(
      path: string,
      querySchema: z.ZodType<Q>,
      rowsOf: (number: string, query: Q) => Row[],
    ) =>
      scope.get(`/lines/:lineRef/${path}`, async (request) => {
        const number = lineRefOf(request.params);
        const query = parseOrRefuse(KEYSTONE_ERRORS, querySchema, request.query);
        return keystonePage(rowsOf(number, query), query, byName);
      });

    history('sessions', SessionsQuery, (number) =>
      sessionsOf(historyLine(number)).map((session) => ({
        startTime: session.startTime.toISOString(),
        endTime: session.endTime.toISOString(),
        durationSeconds: Math.round((session.endTime.getTime() - session.startTime.getTime()) / 1000),
        downstreamKbps: session.downKbps,
        upstreamKbps: session.upKbps,
        framedIp: session.ipAddress,
      })),
    );

    history('line-quality', QualityQuery, (number) =>
      lineQualityOf(historyLine(number)).map((row) => ({ ...row, gatheredDate: row.gatheredDate.toISOString() })),
    );

    history('auth-logs', AuthLogsQuery, (number, query) =>
      authLogsOf(historyLine(number), exchangeOf(number).exchangeName).map((row) => ({
        username: query.username,
        loggedAt: row.logDate.toISOString(),
        result: row.status,
        bras: row.bras,
        reason: row.error,
      })),
    );

    history('speed-tests', SpeedQuery, (number) =>
      speedTestsOf(historyLine(number), 'KST').map((row) => ({
        speedTestId: row.resultId,
        testedAt: row.testedAt.toISOString(),
        downloadKbps: row.downKbps,
        uploadKbps: row.upKbps,
        latencyMs: row.latencyMs,
      })),
    );
  };
}
