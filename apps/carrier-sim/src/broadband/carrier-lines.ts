import type { Carrier } from '../carriers.js';
import type { FaultInjector } from '../fault-injector.js';
import {
  type AccessTechnology,
  hasVoiceService,
  type LineCondition,
  LineConditions,
  liveState,
  type NeutralResult,
  technologyOf,
} from './line-model.js';
import { TestRuns, testDuration } from './test-runs.js';

export type BroadbandSimOptions = {
  faults: FaultInjector;
  /** How long a test runs (the intrusive fibre test twice as long). */
  testMs: number;
  now: () => Date;
};

/** A line as one broadband carrier holds it. */
export type BroadbandLine = {
  number: string;
  condition: LineCondition;
  technology: AccessTechnology;
  voice: boolean;
};

/** One broadband carrier's lines and tests: shared by Keystone and Skylark, which word them differently. */
export function broadbandCarrierState(carrier: Carrier, fullFibre: boolean, options: BroadbandSimOptions) {
  const conditions = new LineConditions();
  const tests = new TestRuns<NeutralResult | { refused: string }>(testDuration(options.testMs));
  const line = (number: string): BroadbandLine => ({
    number,
    condition: conditions.of(number),
    technology: technologyOf(number, fullFibre),
    voice: hasVoiceService(number, fullFibre),
  });
  return {
    carrier,
    conditions,
    tests,
    line,
    live: (number: string) => {
      const held = line(number);
      return { ...held, ...liveState(number, held.condition, held.technology, options.now()) };
    },
    now: options.now,
    faults: options.faults,
    reset(): void {
      conditions.clear();
      tests.clear();
    },
  };
}
export type BroadbandCarrierState = ReturnType<typeof broadbandCarrierState>;
