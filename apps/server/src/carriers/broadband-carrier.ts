import { setTimeout as delay } from 'node:timers/promises';
import type {
  AuthenticationLogRow,
  BroadbandService,
  ExchangeStatus,
  LineHistoryRow,
  LiveStatus,
  SessionHistoryRow,
  SpeedTestRun,
  SyncStatus,
  TestOutcome,
} from '@portal/contract';
import type { BroadbandFaultCarrier } from './broadband-fault.js';
import { CarrierRefusedError, CarrierUnavailableError } from './mobile-carrier.js';

// What the portal needs of each broadband carrier, in the portal's own terms: its diagnostics (docs/decisions/0096,
// 0099) and its fault desk (0100). Each adapter translates to its carrier's API over one CarrierHttp: reads and
// polls retried, a test's start sent once, faults idempotent by key, all behind the carrier's circuit breaker.

/** A line as the carrier knows it: its number (Keystone's lineRef, Skylark's circuit id). */
export type BroadbandLine = { number: string };

export type BroadbandTestName = 'sync' | 'exchange' | 'broadband' | 'line' | 'fibre';
export type TestModel = {
  sync: SyncStatus;
  exchange: ExchangeStatus;
  broadband: TestOutcome;
  line: TestOutcome;
  fibre: TestOutcome;
};

/** The code an adapter gives the carrier's refusal of a test because a sync or fibre test already runs. */
export const DUPLICATE_TEST_REFUSAL = 'duplicate_test';

/** A page of a history as the portal asks for it; the adapter words it as its carrier pages. */
export type HistoryPage<Field extends string> = { top: number; skip: number; orderBy: Field; descending: boolean };
export type HistoryAnswer<Row> = { rows: Row[]; total: number };

export type SessionSortField = 'startTime' | 'endTime' | 'sessionTime';
export type LineHistorySortField = 'gatheredDate' | 'downstreamSnrMargin' | 'lostSyncCount';
export type AuthLogSortField = 'logDate' | 'status';

export interface BroadbandCarrierAdapter extends BroadbandFaultCarrier {
  liveStatus(line: BroadbandLine): Promise<LiveStatus>;
  /**
   * Starts a test (once: never retried) and waits for its result until the deadline. A refusal throws
   * CarrierRefusedError (code DUPLICATE_TEST_REFUSAL for the sync/fibre clash); a test the carrier did not finish
   * in time throws CarrierUnavailableError.
   */
  runTest<T extends BroadbandTestName>(line: BroadbandLine, test: T, intrusive: boolean): Promise<TestModel[T]>;
  services(line: BroadbandLine): Promise<BroadbandService[]>;
  /** `username` fills the rows: the carrier keys its sessions by line, the portal shows the contract's username. */
  sessionHistory(
    line: BroadbandLine,
    username: string,
    page: HistoryPage<SessionSortField>,
  ): Promise<HistoryAnswer<SessionHistoryRow>>;
  lineHistory(line: BroadbandLine, page: HistoryPage<LineHistorySortField>): Promise<HistoryAnswer<LineHistoryRow>>;
  authenticationLogs(
    line: BroadbandLine,
    username: string,
    page: HistoryPage<AuthLogSortField>,
  ): Promise<HistoryAnswer<AuthenticationLogRow>>;
  speedTests(line: BroadbandLine): Promise<SpeedTestRun[]>;
}

/** How long a test may take before the portal gives up on it, and how often it asks. */
export type TestPolling = { deadlineMs: number; intervalMs: number };
export const DEFAULT_TEST_POLLING: TestPolling = { deadlineMs: 60_000, intervalMs: 1_000 };
const FIRST_POLL_MS = 100;

/** Polls until `read` answers a finished value (not undefined) or the deadline passes. */
export async function pollUntilDone<T>(
  carrierName: string,
  polling: TestPolling,
  read: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + polling.deadlineMs;
  // A short test is seen soon after it ends; a long one is asked about no more often than every intervalMs.
  for (let wait = Math.min(FIRST_POLL_MS, polling.intervalMs); ; wait = Math.min(wait * 2, polling.intervalMs)) {
    const done = await read();
    if (done !== undefined) return done;
    if (Date.now() + wait > deadline) {
      throw new CarrierUnavailableError(`${carrierName} did not finish the test within ${polling.deadlineMs} ms`);
    }
    await delay(wait);
  }
}

/** A test the carrier ran but could not complete: its reason, as a refusal of this test. */
export function testFailed(reason: string): CarrierRefusedError {
  return new CarrierRefusedError(reason, 'test_failed');
}

export function refusedAsOffered(carrierName: string, test: string): CarrierRefusedError {
  return new CarrierRefusedError(`${carrierName} does not offer the ${test} test`, 'test_not_offered');
}
