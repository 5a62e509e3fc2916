import { z } from 'zod';
import { anyOf } from '../../access';
import { ApiErrorSchema, BinaryFileSchema, IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, odataList } from '../../api';
import type { BroadbandCarrierEntry } from '../../carriers/registry';
import {
  AuthenticationLogRowSchema,
  LineHistoryRowSchema,
  SessionHistoryRowSchema,
} from '../../entities/broadband-history';
import {
  BroadbandServiceSchema,
  DiagnosticsGroupSchema,
  diagnosticReply,
  ExchangeStatusSchema,
  FaultReportAcceptedSchema,
  FaultReportFieldsSchema,
  LiveStatusSchema,
  SpeedTestRunSchema,
  SyncStatusSchema,
  TestOutcomeSchema,
} from '../../entities/diagnostics';
import { CARRIER_CALL_ERRORS } from '../../entities/mobile';
import { HISTORY_DOWNLOAD_MAX_ROWS } from '../../limits';
import { ODataQuerySchema } from '../../odata';
import { operation } from '../../operation';
import { broadbandUsernameParam, idParam } from '../../params';
import { wholeNumberParam } from '../../primitives';

/**
 * The broadband line diagnostics of spec 7, under `/api/{bbservice}/{id}/...` (docs/decisions/0095, 0165).
 * `{bbservice}` is the path segment of the contract's carrier in the registry; `{id}` is the order item of the
 * contract. The server finds the contract in the caller's estate and on that carrier (404 otherwise), then asks the
 * carrier.
 */

/** Who reads a line's status and history: whoever may see the contract page's line. */
const readLine = anyOf('Read', 'EndPointSummary', 'BroadbandUserEstate', 'BroadbandSiteEstate', 'BroadbandDiagnostics');
const runTests = anyOf('Read', 'BroadbandDiagnostics');
const LineParams = z.object({ id: idParam('orderItem') });
const GroupQuery = z.object({ groupId: z.uuid().describe('The diagnostics group of the dialog session') });
const LINE_ERRORS = { ...CARRIER_CALL_ERRORS, 404: ApiErrorSchema } as const;
const DownloadQuery = z.object({
  count: wholeNumberParam(1, HISTORY_DOWNLOAD_MAX_ROWS).describe('How many of the newest rows'),
});

type TestName = 'syncStatus' | 'exchangeStatus' | 'broadbandStatus' | 'lineStatus';

/** Every diagnostics route of one broadband carrier, below its path segment. */
/*#__NO_SIDE_EFFECTS__*/
export function broadbandDiagnosticsOperations(carrier: BroadbandCarrierEntry) {
  // Typed below any segment, so every carrier of the family has one operation type.
  const base: `/api/${string}/:id` = `/api/${carrier.pathSegment}/:id`;
  const test = <T extends z.ZodType>(name: TestName, summary: string, model: T) =>
    operation({
      method: 'GET',
      path: `${base}/${name}`,
      summary,
      access: runTests,
      params: LineParams,
      query: GroupQuery,
      response: diagnosticReply(model),
      errors: LINE_ERRORS,
    });
  return {
    diagnosticsGroup: operation({
      method: 'GET',
      path: `${base}/diagnosticsGroup`,
      summary: 'Opens a diagnostics session on the line: the group its tests and fault report belong to',
      access: runTests,
      params: LineParams,
      response: DiagnosticsGroupSchema,
      errors: LINE_ERRORS,
    }),
    onlineStatus: operation({
      method: 'GET',
      path: `${base}/onlineStatus`,
      summary: 'Live Status: whether the line is active and connected, and since when',
      access: readLine,
      params: LineParams,
      // The contract card reads it outside any diagnostics session, so the group is optional here.
      query: GroupQuery.partial(),
      response: diagnosticReply(LiveStatusSchema),
      errors: LINE_ERRORS,
    }),
    syncStatus: test('syncStatus', "The line's sync: rates, SNR margin, attenuation", SyncStatusSchema),
    exchangeStatus: test(
      'exchangeStatus',
      'Where the line ends at the exchange and how long it is',
      ExchangeStatusSchema,
    ),
    broadbandStatus: test('broadbandStatus', 'The broadband (data) test of the line', TestOutcomeSchema),
    lineStatus: test('lineStatus', 'The voice line test (lines with a WLR3 service)', TestOutcomeSchema),
    fibreStatus: operation({
      method: 'GET',
      path: `${base}/fibreStatus`,
      summary: 'The fibre test, with or without its intrusive copper element',
      access: runTests,
      params: LineParams,
      query: GroupQuery.extend({ runIntrusiveTest: z.enum(['true', 'false']).transform((value) => value === 'true') }),
      response: diagnosticReply(TestOutcomeSchema),
      errors: LINE_ERRORS,
    }),
    services: operation({
      method: 'GET',
      path: `${base}/services`,
      summary: 'The services on the line (a WLR3 service means a voice line to test)',
      access: runTests,
      params: LineParams,
      response: odataList(BroadbandServiceSchema),
      errors: LINE_ERRORS,
    }),
    sessionHistory: operation({
      method: 'GET',
      path: `${base}/sessionHistory`,
      summary: "The line's broadband sessions, newest first unless sorted otherwise",
      access: readLine,
      params: LineParams,
      query: ODataQuerySchema,
      response: odataList(SessionHistoryRowSchema),
      errors: LINE_ERRORS,
    }),
    sessionHistoryDownload: operation({
      method: 'GET',
      path: `${base}/sessionHistory/download`,
      summary: "The line's newest `count` sessions as a CSV file",
      access: readLine,
      params: LineParams,
      query: DownloadQuery,
      response: BinaryFileSchema,
      download: { mediaTypes: ['text/csv'] },
      errors: LINE_ERRORS,
    }),
    lineHistory: operation({
      method: 'GET',
      path: `${base}/lineHistory`,
      summary: "The line's daily line-quality readings, newest first unless sorted otherwise",
      access: readLine,
      params: LineParams,
      query: ODataQuerySchema,
      response: odataList(LineHistoryRowSchema),
      errors: LINE_ERRORS,
    }),
    lineHistoryDownload: operation({
      method: 'GET',
      path: `${base}/lineHistory/download`,
      summary: "The line's newest `count` line-quality readings as a CSV file",
      access: readLine,
      params: LineParams,
      query: DownloadQuery,
      response: BinaryFileSchema,
      download: { mediaTypes: ['text/csv'] },
      errors: LINE_ERRORS,
    }),
    authenticationLogs: operation({
      method: 'GET',
      path: `${base}/authenticationLogs/:username`,
      summary: "The line's broadband sign-in attempts for its username, newest first unless sorted otherwise",
      access: readLine,
      params: LineParams.extend({ username: broadbandUsernameParam() }),
      query: ODataQuerySchema,
      response: odataList(AuthenticationLogRowSchema),
      errors: LINE_ERRORS,
    }),
    speedTestResults: operation({
      method: 'GET',
      path: `${base}/speedTestResults`,
      summary: "The speed tests run on the line with the carrier's tester, newest first",
      access: readLine,
      params: LineParams,
      response: odataList(SpeedTestRunSchema),
      errors: LINE_ERRORS,
    }),
  };
}

/**
 * The fault report of one broadband carrier (spec 2.16, 7). An area of its own (`faultReports`) beside the carrier's
 * diagnostics, because it is a stored request sent by the worker rather than a call passed to the carrier.
 */
/*#__NO_SIDE_EFFECTS__*/
export function faultReportOperations(carrier: BroadbandCarrierEntry) {
  // Typed below any segment, so every carrier of the family has one operation type.
  const base: `/api/${string}/:id` = `/api/${carrier.pathSegment}/:id`;
  return {
    reportFault: operation({
      method: 'POST',
      path: `${base}/reportFault`,
      summary:
        'Reports a fault with trace-route images (multipart): stored, then sent to the carrier; a repeat (the same report within minutes, or the same Idempotency-Key) answers the first',
      access: anyOf('Write', 'BroadbandReportFault'),
      params: LineParams,
      query: GroupQuery,
      headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional() }),
      body: FaultReportFieldsSchema,
      bodyEncoding: 'multipart',
      successStatus: 202,
      response: FaultReportAcceptedSchema,
      // 413 also for a company past its quota of stored images (0122); 422 for a key reused with another report (0120).
      errors: { ...LINE_ERRORS, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema },
    }),
  };
}
