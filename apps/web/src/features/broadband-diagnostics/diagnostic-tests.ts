import {
  type BroadbandCarrierKey,
  broadbandDiagnosticsOperations,
  type DiagnosticDetail,
  type DiagnosticStatus,
  type ExchangeStatus,
  isCarrierOwnProductLine,
  isFibreProductLine,
  type LiveStatus,
  NOTIFICATION_MESSAGES,
  PRODUCT_LINE,
  type SyncStatus,
  type TestOutcome,
} from '@portal/contract';
import { callOperation } from '../../api/operations';
import { formatDateTime, formatDecibels, formatDuration, formatSpeed } from '../../lib/format';

/** The diagnostics routes of a line's carrier (docs/decisions/0095, 0165). */
export function lineOperations(carrier: BroadbandCarrierKey) {
  return broadbandDiagnosticsOperations[carrier];
}
export type LineOperations = ReturnType<typeof lineOperations>;

export type TestKey = 'liveStatus' | 'syncStatus' | 'exchangeStatus' | 'broadbandStatus' | 'lineStatus' | 'fibreStatus';

/** What a test found, as the dialog shows it: its status, the words next to it and its details. */
export interface TestFinding {
  status: Exclude<DiagnosticStatus, 'running'>;
  label: string;
  /** Why a test could not give an answer: the carrier's refusal or the unexpected-error message (spec 8). */
  message?: string;
  details: DiagnosticDetail[];
}

/** A test that gave no answer: Failed, with why (spec 8's messages verbatim). */
export function failedFinding(message: string): TestFinding {
  return { status: 'failed', label: 'Failed', message, details: [] };
}

export const TEST_NAMES: Record<TestKey, string> = {
  liveStatus: 'Live Status',
  syncStatus: 'Sync Status',
  exchangeStatus: 'Exchange Status',
  broadbandStatus: 'Broadband Status',
  lineStatus: 'Line Status',
  fibreStatus: 'Fibre Status',
};

/**
 * The tests the carrier refuses to run together (spec 8's duplicate test): they share the line's copper, so the
 * dialog queues them one after the other (decision 0105).
 */
export const EXCLUSIVE_TESTS: ReadonlySet<TestKey> = new Set(['syncStatus', 'fibreStatus']);

/**
 * The tests of a line (spec 9; decision 0105), in the order the dialog lists and runs them: lines of a carrier's own
 * product lines (the alternative carrier's) keep Live Status and the fibre test; the others have Live, Sync,
 * Exchange and Broadband Status, Line Status when the line has a WLR3 voice service, and Fibre Status on a fibre line.
 */
export function testsOfLine(productLineId: number, hasWlr3: boolean): TestKey[] {
  if (isCarrierOwnProductLine(productLineId)) return ['liveStatus', 'fibreStatus'];
  const tests: TestKey[] = ['liveStatus', 'syncStatus', 'exchangeStatus', 'broadbandStatus'];
  if (hasWlr3) tests.push('lineStatus');
  if (isFibreProductLine(productLineId)) tests.push('fibreStatus');
  return tests;
}

/** Whether the line has a fibre test, the one RUN NON-INTRUSIVE TESTS changes (spec 2.16). */
export function hasFibreTest(productLineId: number): boolean {
  return productLineId === PRODUCT_LINE.fibre || isCarrierOwnProductLine(productLineId);
}

/** Spec 4: connected and active is success, 'Connected ({date time})'; active only is Disconnected; else Suspended. */
export function liveStatusFinding(model: LiveStatus): TestFinding {
  if (model.active && model.connected) {
    const since = model.connectedFrom ? formatDateTime(model.connectedFrom) : 'time unknown';
    return { status: 'success', label: `Connected (${since})`, details: [] };
  }
  if (model.active) return { status: 'disconnected', label: 'Disconnected', details: [] };
  return { status: 'suspended', label: 'Suspended', details: [] };
}

/** kbit/s as Mb/s to two decimals (spec 9). */
const rate = (kbps: number) => formatSpeed(kbps / 1000);

export function syncStatusFinding(model: SyncStatus): TestFinding {
  const up = model.operStatus === 'Up';
  return {
    status: up ? 'success' : 'failed',
    label: up ? 'In sync' : 'Out of sync',
    details: [
      { label: 'Operational status', value: model.operStatus },
      { label: 'Time in sync', value: formatDuration(model.timeInSync) },
      { label: 'Downstream rate', value: rate(model.downstreamRate) },
      { label: 'Upstream rate', value: rate(model.upstreamRate) },
      { label: 'Max downstream rate', value: rate(model.maxDownstreamRate) },
      { label: 'Max upstream rate', value: rate(model.maxUpstreamRate) },
      { label: 'Downstream SNR margin', value: formatDecibels(model.downstreamSnr) },
      { label: 'Attenuation', value: formatDecibels(model.attenuation) },
    ],
  };
}

export function exchangeStatusFinding(model: ExchangeStatus): TestFinding {
  return {
    status: 'success',
    label: model.exchangeName,
    details: [
      { label: 'Exchange', value: model.exchangeName },
      { label: 'Frame', value: model.frame },
      { label: 'Card', value: model.card },
      { label: 'Port', value: model.port },
      { label: 'Line length', value: `${model.lineLength.toLocaleString('en-GB')} m` },
    ],
  };
}

const OUTCOME_LABELS: Record<TestOutcome['testOutcome'], string> = {
  Pass: 'Passed',
  Fail: 'Fault found',
  Inconclusive: 'Inconclusive',
};

/** The fibre, broadband and line tests: a pass is success, a fault or an inconclusive test is failed. */
export function testOutcomeFinding(model: TestOutcome): TestFinding {
  const details: DiagnosticDetail[] = [{ label: 'Outcome', value: model.testOutcome }];
  if (model.faultDescription) details.push({ label: 'Fault', value: model.faultDescription });
  if (model.faultLocation) details.push({ label: 'Fault location', value: model.faultLocation });
  details.push(
    { label: 'Diagnosis code', value: model.diagnosisCode },
    { label: 'Operator reference', value: model.accessNetworkOperatorReference },
  );
  return {
    status: model.testOutcome === 'Pass' ? 'success' : 'failed',
    label: OUTCOME_LABELS[model.testOutcome],
    details,
  };
}

/** A test's answer: the carrier's reply envelope of spec 7. */
interface Reply<T> {
  success: boolean;
  model: T | null;
  errors: Array<{ errorMessage: string }>;
}

/** What a reply means: a refusal (success false, or no model) is Failed with the carrier's first message. */
export function replyFinding<T>(reply: Reply<T>, read: (model: T) => TestFinding, unexpected: string): TestFinding {
  if (!reply.success || reply.model === null) {
    return failedFinding(reply.errors[0]?.errorMessage ?? unexpected);
  }
  return read(reply.model);
}

export interface RunOptions {
  groupId: string;
  /** Fibre only: false runs it without its intrusive copper element. */
  intrusive: boolean;
  signal?: AbortSignal;
}

/** Runs one test through the API and reads its answer; throws when the API could not answer. */
export async function runTest(
  operations: LineOperations,
  key: TestKey,
  orderItemId: number,
  options: RunOptions,
): Promise<TestFinding> {
  const params = { id: orderItemId };
  const query = { groupId: options.groupId };
  const request = options.signal ? { signal: options.signal } : {};
  const unexpected = NOTIFICATION_MESSAGES.diagnosticsUnexpectedError;
  switch (key) {
    case 'liveStatus':
      return replyFinding(
        await callOperation(operations.onlineStatus, { params, query }, request),
        liveStatusFinding,
        unexpected,
      );
    case 'syncStatus':
      return replyFinding(
        await callOperation(operations.syncStatus, { params, query }, request),
        syncStatusFinding,
        unexpected,
      );
    case 'exchangeStatus':
      return replyFinding(
        await callOperation(operations.exchangeStatus, { params, query }, request),
        exchangeStatusFinding,
        unexpected,
      );
    case 'broadbandStatus':
      return replyFinding(
        await callOperation(operations.broadbandStatus, { params, query }, request),
        testOutcomeFinding,
        unexpected,
      );
    case 'lineStatus':
      return replyFinding(
        await callOperation(operations.lineStatus, { params, query }, request),
        testOutcomeFinding,
        unexpected,
      );
    case 'fibreStatus': {
      const runIntrusiveTest = options.intrusive ? 'true' : 'false';
      const reply = await callOperation(
        operations.fibreStatus,
        { params, query: { ...query, runIntrusiveTest } },
        request,
      );
      return replyFinding(reply, testOutcomeFinding, unexpected);
    }
  }
}
