import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierSimulator, startCarrierSimulator } from '../../test/support/carrier-simulator.js';
import { DUPLICATE_TEST_REFUSAL } from './broadband-carrier.js';
import { type BroadbandCarriers, buildBroadbandCarriers } from './broadband-carriers.js';
import { CarrierRefusedError, CarrierUnavailableError } from './mobile-carrier.js';
import type { ResilienceTimings } from './resilience.js';

// The broadband adapters against the real simulator made slow, failing and refusing (docs/decisions/0099).

const TIMINGS: ResilienceTimings = {
  timeoutMs: 300,
  retries: 2,
  backoffInitialMs: 10,
  backoffMaxMs: 40,
  breakAfterFailures: 3,
  halfOpenAfterMs: 400,
};
const KEYSTONE_LINE = { number: '01612048271' };
const SKYLARK_LINE = { number: '01603924065' };

let sim: CarrierSimulator;

function connect(): BroadbandCarriers {
  return buildBroadbandCarriers(
    { carrierSimUrl: sim.url, keystoneApiKey: 'keystone-demo-key', skylarkApiToken: 'skylark-demo-token' },
    { timings: TIMINGS, polling: { intervalMs: 25, deadlineMs: 3_000 } },
  );
}

beforeAll(async () => {
  sim = await startCarrierSimulator({ testMs: 100 });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await sim.clearFaults();
  await sim.resetLines();
});

describe('a slow carrier', () => {
  it('has a read retried after a timeout, and it succeeds', async () => {
    const { keystone } = connect();
    await sim.setBroadbandCondition('broadband-494', KEYSTONE_LINE.number, 'healthy');
    await sim.setFault('broadband-494', { mode: 'timeout', times: 1 });
    await expect(keystone.liveStatus(KEYSTONE_LINE)).resolves.toMatchObject({ active: true, connected: true });
  });

  it('never has a test start retried: the timeout is the answer', async () => {
    const { keystone } = connect();
    await sim.setBroadbandCondition('broadband-494', KEYSTONE_LINE.number, 'healthy');
    await sim.setFault('broadband-494', { mode: 'timeout', times: 1 });
    // One hung start is all the fault allows: a retry would have started the test and passed.
    await expect(keystone.runTest(KEYSTONE_LINE, 'exchange', false)).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect((await sim.faults()).faults['broadband-494']).toEqual({ mode: 'none' });
    await expect(keystone.runTest(KEYSTONE_LINE, 'exchange', false)).resolves.toMatchObject({
      exchangeName: expect.any(String),
    });
  });

  it('has a started test followed until it finishes, through slow polls', async () => {
    const { skylark } = connect();
    await sim.setBroadbandCondition('broadband-588', SKYLARK_LINE.number, 'noisy');
    const outcome = await skylark.runTest(SKYLARK_LINE, 'fibre', true);
    expect(outcome).toMatchObject({ testOutcome: 'Fail', faultLocation: 'Network' });
    expect(outcome.accessNetworkOperatorReference).toMatch(/^SKY/);
  });
});

describe('a failing carrier', () => {
  it('opens the circuit after repeated failures, then fails fast, then closes once the carrier answers', async () => {
    const { keystone } = connect();
    await sim.setFault('broadband-494', { mode: 'error' });
    await expect(keystone.liveStatus(KEYSTONE_LINE)).rejects.toBeInstanceOf(CarrierUnavailableError);

    const started = performance.now();
    await expect(keystone.services(KEYSTONE_LINE)).rejects.toThrow(/circuit is open/);
    expect(performance.now() - started).toBeLessThan(100);

    await sim.clearFaults();
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.halfOpenAfterMs + 50));
    await expect(keystone.services(KEYSTONE_LINE)).resolves.toEqual(expect.any(Array));
  });

  it("keeps one carrier's circuit apart from the other's", async () => {
    const { keystone, skylark } = connect();
    await sim.setFault('broadband-494', { mode: 'error' });
    await expect(keystone.liveStatus(KEYSTONE_LINE)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(skylark.liveStatus(SKYLARK_LINE)).resolves.toHaveProperty('active');
  });
});

describe('a refusing carrier', () => {
  it('refuses test starts while reads still answer', async () => {
    const { keystone, skylark } = connect();
    await sim.setFault('broadband-494', { mode: 'reject' });
    await expect(keystone.runTest(KEYSTONE_LINE, 'sync', true)).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(keystone.liveStatus(KEYSTONE_LINE)).resolves.toHaveProperty('active');

    await sim.setFault('broadband-588', { mode: 'reject' });
    await expect(skylark.runTest(SKYLARK_LINE, 'fibre', false)).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('refuses a sync test while a fibre test runs on the line, as the duplicate-test refusal', async () => {
    for (const [adapter, line, carrier] of [
      [connect().keystone, KEYSTONE_LINE, 'broadband-494'],
      [connect().skylark, SKYLARK_LINE, 'broadband-588'],
    ] as const) {
      await sim.setBroadbandCondition(carrier, line.number, 'healthy');
      const results = await Promise.allSettled([
        adapter.runTest(line, 'fibre', true),
        adapter.runTest(line, 'sync', true),
      ]);
      // Whichever reached the carrier second is refused.
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({
        reason: { code: DUPLICATE_TEST_REFUSAL },
      });
    }
  });

  it('refuses a test on a suspended line and a voice test on a line without WLR3', async () => {
    const { keystone } = connect();
    await sim.setBroadbandCondition('broadband-494', KEYSTONE_LINE.number, 'suspended');
    await expect(keystone.runTest(KEYSTONE_LINE, 'broadband', true)).rejects.toMatchObject({ code: 'line-suspended' });
    const { skylark } = connect();
    await expect(skylark.runTest(SKYLARK_LINE, 'line', true)).rejects.toMatchObject({ code: 'test_not_offered' });
  });
});
