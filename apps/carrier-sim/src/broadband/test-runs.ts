import { randomUUID } from 'node:crypto';
import type { TestKind } from './line-model.js';

// The tests a carrier runs on its lines: each takes seconds, and a sync test and a fibre test may not run on one
// line at the same time (both take over the line's DSLAM port), so the second is refused (docs/decisions/0097).

export type TestRun<Result> = {
  id: string;
  line: string;
  kind: TestKind;
  intrusive: boolean;
  startedAt: Date;
  finishedAt: Date | null;
  result: Result | null;
};

/** Tests that contend for the line's port: one of these at a time. */
const EXCLUSIVE: readonly TestKind[] = ['sync', 'fibre'];

export class DuplicateTestError extends Error {
  constructor(readonly running: TestRun<unknown>) {
    super(`A ${running.kind} test is already running on ${running.line}`);
  }
}

export class TestRuns<Result> {
  readonly #runs = new Map<string, TestRun<Result>>();
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly durationMs: (kind: TestKind, intrusive: boolean) => number,
    private readonly idOf: () => string = randomUUID,
  ) {}

  /** Starts a test, whose result is worked out when it finishes; refuses a second sync or fibre test on a line. */
  start(line: string, kind: TestKind, intrusive: boolean, finish: () => Result): TestRun<Result> {
    if (EXCLUSIVE.includes(kind)) {
      const clash = [...this.#runs.values()].find(
        (run) => run.line === line && run.finishedAt === null && EXCLUSIVE.includes(run.kind),
      );
      if (clash) throw new DuplicateTestError(clash);
    }
    const run: TestRun<Result> = {
      id: this.idOf(),
      line,
      kind,
      intrusive,
      startedAt: new Date(),
      finishedAt: null,
      result: null,
    };
    this.#runs.set(run.id, run);
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        run.result = finish();
        run.finishedAt = new Date();
      },
      this.durationMs(kind, intrusive),
    );
    this.#timers.add(timer);
    return run;
  }

  get(id: string): TestRun<Result> | undefined {
    return this.#runs.get(id);
  }

  /** Forgets every test and stops those running. */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#runs.clear();
  }
}

/** How long a test takes: the intrusive copper element doubles the fibre test. */
export function testDuration(testMs: number) {
  return (kind: TestKind, intrusive: boolean) => (kind === 'fibre' && intrusive ? testMs * 2 : testMs);
}
