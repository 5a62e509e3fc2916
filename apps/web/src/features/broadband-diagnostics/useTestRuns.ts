import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EXCLUSIVE_TESTS,
  failedFinding,
  type LineOperations,
  runTest,
  type TestFinding,
  type TestKey,
} from './diagnostic-tests';

/** Where a test is (spec 4): blank until started, running, then what it found. */
export type TestState =
  | { status: 'blank' }
  | { status: 'running' }
  | { status: 'done'; finding: TestFinding; run: number };

export interface TestRuns {
  states: Partial<Record<TestKey, TestState>>;
  /** Starts a test; a test already running is started again and its older answer ignored. */
  run: (key: TestKey, options?: { intrusive?: boolean }) => Promise<void>;
  /** Whether any test has been started in this session (the Report Fault tab's condition, spec 6). */
  anyRun: boolean;
  anyRunning: boolean;
  /** The tests under way. */
  running: TestKey[];
}

/**
 * The tests of one dialog session (decision 0105). Sync and fibre are queued one after the other whoever starts
 * them, since the carrier refuses them together; the others run at once. Each start numbers its run, so an answer to
 * an older run of the same test is dropped. Closing the dialog cancels what is under way.
 */
export function useTestRuns(
  operations: LineOperations,
  orderItemId: number,
  groupId: string | undefined,
  /** The answers of a resumed draft's session (decision 0135). */
  initial: Partial<Record<TestKey, TestState>> = {},
): TestRuns {
  const [states, setStates] = useState<Partial<Record<TestKey, TestState>>>(initial);
  const runs = useRef<Partial<Record<TestKey, number>>>({});
  const exclusive = useRef<Promise<void>>(Promise.resolve());
  const abort = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const run = useCallback(
    (key: TestKey, options: { intrusive?: boolean } = {}) => {
      if (groupId === undefined) return Promise.resolve();
      const runNumber = (runs.current[key] ?? 0) + 1;
      runs.current[key] = runNumber;
      setStates((current) => ({ ...current, [key]: { status: 'running' } }));
      const signal = abort.current.signal;
      const start = () =>
        runTest(operations, key, orderItemId, { groupId, intrusive: options.intrusive ?? true, signal });
      let answer: Promise<TestFinding>;
      if (EXCLUSIVE_TESTS.has(key)) {
        answer = exclusive.current.then(start);
        exclusive.current = answer.then(
          () => undefined,
          () => undefined,
        );
      } else {
        answer = start();
      }
      const settle = (finding: TestFinding) => {
        if (signal.aborted || runs.current[key] !== runNumber) return;
        setStates((current) => ({ ...current, [key]: { status: 'done', finding, run: runNumber } }));
      };
      return answer.then(settle, (error: unknown) => {
        if (!signal.aborted) console.error(error);
        settle(failedFinding(NOTIFICATION_MESSAGES.diagnosticsUnexpectedError));
      });
    },
    [operations, orderItemId, groupId],
  );

  const running = (Object.keys(states) as TestKey[]).filter((key) => states[key]?.status === 'running');
  return { states, run, anyRun: Object.keys(states).length > 0, anyRunning: running.length > 0, running };
}
