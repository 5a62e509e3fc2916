import { NOTIFICATION_MESSAGES, ODATA_COUNT_KEY, type ODataQuery, WLR3_SERVICE_DESCRIPTION } from '@portal/contract';
import { stringify } from 'csv-stringify/sync';
import {
  type BroadbandCarrierAdapter,
  type BroadbandTestName,
  DUPLICATE_TEST_REFUSAL,
  type TestModel,
} from '../../carriers/broadband-carrier.js';
import { CarrierRefusedError } from '../../carriers/mobile-carrier.js';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { askCarrier } from '../mobile-device/carrier-failures.js';
import { AUTHENTICATION_LOGS, historyPage, LINE_HISTORY, SESSION_HISTORY } from './history-options.js';
import {
  type ContractLine,
  contractLineOf,
  createGroup,
  finishRun,
  requireGroupOfLine,
  startRun,
} from './repository.js';

// The diagnostics of one broadband carrier's contracts (docs/decisions/0095, 0099): find the contract in the
// caller's estate on that carrier, record what is asked, ask the carrier, record the answer.

export type DiagnosticsContext = { adapter: BroadbandCarrierAdapter; carrierId: number; scope: EstateScope };
type Reply<T> = { success: boolean; model: T | null; errors: Array<{ errorMessage: string }> };

const lineOf = ({ scope, carrierId }: DiagnosticsContext, orderItemId: number) =>
  contractLineOf(scope, orderItemId, carrierId);
const carrierLine = (line: ContractLine) => ({ number: line.identifier });

export async function openGroup(context: DiagnosticsContext, orderItemId: number) {
  const line = await lineOf(context, orderItemId);
  return { diagnosticGroupGuid: await createGroup(context.scope, line) };
}

/** The carrier's refusal of a test as the dialog shows it: the duplicate test in the spec's words. */
function refusalMessage(error: CarrierRefusedError): string {
  return error.code === DUPLICATE_TEST_REFUSAL ? NOTIFICATION_MESSAGES.diagnosticsDuplicateTest : error.message;
}

/** Records the run, asks the carrier, records the outcome; a refusal is a 200 with success false. */
async function recorded<T>(
  context: DiagnosticsContext,
  groupId: string | undefined,
  test: string,
  call: () => Promise<T>,
): Promise<Reply<T>> {
  const runId = groupId === undefined ? undefined : await startRun(context.scope, groupId, test);
  let reply: Reply<T>;
  try {
    const model = await askCarrier(context.adapter.name, async () => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof CarrierRefusedError) return { refused: error } as const;
        throw error;
      }
    });
    reply =
      model && typeof model === 'object' && 'refused' in model && model.refused instanceof CarrierRefusedError
        ? { success: false, model: null, errors: [{ errorMessage: refusalMessage(model.refused) }] }
        : { success: true, model: model as T, errors: [] };
  } catch (error) {
    if (runId !== undefined) await finishRun(context.scope, runId, false, { error: (error as Error).message });
    throw error;
  }
  if (runId !== undefined) await finishRun(context.scope, runId, reply.success, reply);
  return reply;
}

export async function onlineStatus(context: DiagnosticsContext, orderItemId: number, groupId: string | undefined) {
  const line = await lineOf(context, orderItemId);
  if (groupId !== undefined) await requireGroupOfLine(context.scope, groupId, line);
  return recorded(context, groupId, 'onlineStatus', () => context.adapter.liveStatus(carrierLine(line)));
}

export async function runTest<T extends BroadbandTestName>(
  context: DiagnosticsContext,
  orderItemId: number,
  groupId: string,
  test: T,
  intrusive = true,
): Promise<Reply<TestModel[T]>> {
  const line = await lineOf(context, orderItemId);
  await requireGroupOfLine(context.scope, groupId, line);
  return recorded(context, groupId, intrusive || test !== 'fibre' ? test : 'fibre-non-intrusive', () =>
    context.adapter.runTest(carrierLine(line), test, intrusive),
  );
}

export async function services(context: DiagnosticsContext, orderItemId: number) {
  const line = await lineOf(context, orderItemId);
  const value = await askCarrier(context.adapter.name, () => context.adapter.services(carrierLine(line)));
  return { value };
}

/** Whether the line has a WLR3 voice service; exported for the dialog's server-side users. */
export const hasWlr3 = (list: Array<{ description: string }>) =>
  list.some((service) => service.description === WLR3_SERVICE_DESCRIPTION);

/** The contract's broadband username (the order item's), or its number when the order named none. */
const usernameOf = (line: ContractLine) => line.username ?? line.identifier;

function listAnswer<Row>(answer: { rows: Row[]; total: number }, count: boolean) {
  return { value: answer.rows, ...(count ? { [ODATA_COUNT_KEY]: answer.total } : {}) };
}

export async function sessionHistory(context: DiagnosticsContext, orderItemId: number, options: ODataQuery) {
  const { page, count } = historyPage<'startTime' | 'endTime' | 'sessionTime'>(SESSION_HISTORY, options);
  const line = await lineOf(context, orderItemId);
  const answer = await askCarrier(context.adapter.name, () =>
    context.adapter.sessionHistory(carrierLine(line), usernameOf(line), page),
  );
  return listAnswer(answer, count);
}

export async function lineHistory(context: DiagnosticsContext, orderItemId: number, options: ODataQuery) {
  const { page, count } = historyPage<'gatheredDate' | 'downstreamSnrMargin' | 'lostSyncCount'>(LINE_HISTORY, options);
  const line = await lineOf(context, orderItemId);
  const answer = await askCarrier(context.adapter.name, () => context.adapter.lineHistory(carrierLine(line), page));
  return listAnswer(answer, count);
}

export async function authenticationLogs(
  context: DiagnosticsContext,
  orderItemId: number,
  username: string,
  options: ODataQuery,
) {
  const { page, count } = historyPage<'logDate' | 'status'>(AUTHENTICATION_LOGS, options);
  const line = await lineOf(context, orderItemId);
  if (username.toLowerCase() !== usernameOf(line).toLowerCase()) throw notFound('No such username on this contract');
  const answer = await askCarrier(context.adapter.name, () =>
    context.adapter.authenticationLogs(carrierLine(line), usernameOf(line), page),
  );
  return listAnswer(answer, count);
}

export async function speedTestResults(context: DiagnosticsContext, orderItemId: number) {
  const line = await lineOf(context, orderItemId);
  return { value: await askCarrier(context.adapter.name, () => context.adapter.speedTests(carrierLine(line))) };
}

/** The newest `count` sessions as CSV, with the contract's number in the file name. */
export async function sessionHistoryCsv(context: DiagnosticsContext, orderItemId: number, count: number) {
  const line = await lineOf(context, orderItemId);
  const page = { top: count, skip: 0, orderBy: 'startTime', descending: true } as const;
  const { rows } = await askCarrier(context.adapter.name, () =>
    context.adapter.sessionHistory(carrierLine(line), usernameOf(line), page),
  );
  const csv = stringify(
    rows.map((row) => ({ ...row, download: row.speed.download, upload: row.speed.upload })),
    {
      header: true,
      columns: [
        { key: 'username', header: 'Username' },
        { key: 'startTime', header: 'Start time' },
        { key: 'endTime', header: 'End time' },
        { key: 'sessionTime', header: 'Session time (s)' },
        { key: 'download', header: 'Download (kbit/s)' },
        { key: 'upload', header: 'Upload (kbit/s)' },
        { key: 'ipAddress', header: 'IP address' },
      ],
    },
  );
  return { csv, fileName: `session-history-${line.identifier}.csv` };
}

export async function lineHistoryCsv(context: DiagnosticsContext, orderItemId: number, count: number) {
  const line = await lineOf(context, orderItemId);
  const page = { top: count, skip: 0, orderBy: 'gatheredDate', descending: true } as const;
  const { rows } = await askCarrier(context.adapter.name, () => context.adapter.lineHistory(carrierLine(line), page));
  const csv = stringify(rows, {
    header: true,
    columns: [
      { key: 'gatheredDate', header: 'Gathered' },
      { key: 'profileName', header: 'Profile' },
      { key: 'downstreamSnrMargin', header: 'Downstream SNR margin (dB)' },
      { key: 'downstreamAttenuation', header: 'Downstream attenuation (dB)' },
      { key: 'upstreamAttenuation', header: 'Upstream attenuation (dB)' },
      { key: 'secServiceDisrupted', header: 'Errored seconds' },
      { key: 'secServiceDisruptedCpe', header: 'Errored seconds (CPE)' },
      { key: 'syncCount', header: 'Syncs' },
      { key: 'lostSyncCount', header: 'Lost syncs' },
    ],
  });
  return { csv, fileName: `line-history-${line.identifier}.csv` };
}
