import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierSimulator, startCarrierSimulator } from '../../test/support/carrier-simulator.js';
import { type CarrierProgress, CarrierRefusedError, CarrierUnavailableError } from './mobile-carrier.js';
import { buildMobileCarriers, type MobileCarriers } from './mobile-carriers.js';
import { DEFAULT_RESILIENCE, type ResilienceTimings, readTimings } from './resilience.js';

const TIMINGS: ResilienceTimings = {
  timeoutMs: 300,
  retries: 2,
  backoffInitialMs: 10,
  backoffMaxMs: 40,
  breakAfterFailures: 3,
  halfOpenAfterMs: 400,
};

// Demo lines (numbering.ts): acme's first Halo line, and two numbers for Vertex's networks.
const HALO_LINE = { cli: '07100000000', supplierId: 33 };
const VERTEX_LINE = { cli: '07101448130', supplierId: 27 };

let sim: CarrierSimulator;
let carriers: MobileCarriers;

function connect(timings: Partial<ResilienceTimings> = {}): MobileCarriers {
  return buildMobileCarriers(
    { carrierSimUrl: sim.url, haloApiKey: 'halo-demo-key', vertexApiToken: 'vertex-demo-token' },
    // Reads as patient as changes unless a test says otherwise, so the counts of tries below hold for both.
    { timings: { ...TIMINGS, readTimeoutMs: TIMINGS.timeoutMs, readRetries: TIMINGS.retries, ...timings } },
  );
}

async function settled(progress: () => Promise<CarrierProgress>): Promise<CarrierProgress> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const state = await progress();
    if (state.state !== 'pending' || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  sim = await startCarrierSimulator({ completionMs: 300 });
});

afterAll(async () => {
  await sim.close();
});

afterEach(async () => {
  await sim.clearFaults();
  await sim.resetLines();
  carriers = undefined as unknown as MobileCarriers;
});

describe('Halo Mobile adapter', () => {
  it('reads a line in the portal’s terms', async () => {
    carriers = connect();
    const atCarrier = await sim.haloLine(HALO_LINE.cli);
    const details = await carriers.halo.details(HALO_LINE);
    expect(details.serial_number.number).toBe(atCarrier.serial_number.number);
    expect(details.addons.map((addon) => addon.id)).toEqual(atCarrier.addons.map((addon) => addon.id));
    expect(details.lifted).toBe(atCarrier.spend_limit_lifted);
    // acme's first Halo line starts Barred: 14, 44 and 374 are all present.
    expect(details.barApplied).toBe(true);

    const status = await carriers.halo.spendLimitStatus(HALO_LINE);
    expect(status).toEqual({
      lifted: false,
      barApplied: true,
      spendLimit: atCarrier.monitoring_settings.spend_limit,
    });
  });

  it('lists the bar add-ons with the line’s marked active, and the SIM rule', async () => {
    carriers = connect();
    const bars = await carriers.halo.tariffAddons(HALO_LINE, 3, 100);
    const active = (await sim.haloLine(HALO_LINE.cli)).addons.map((addon) => addon.id);
    expect(bars.map((bar) => bar.id)).toEqual(expect.arrayContaining([14, 44, 374]));
    for (const bar of bars) expect(bar.active).toBe(active.includes(bar.id));

    const rule = await carriers.halo.simRule();
    expect(new RegExp(rule.regularExpression).test('89412345678')).toBe(true);
    expect(new RegExp(rule.regularExpression).test('8941234567')).toBe(false);
    expect(rule.errorMessage).not.toBe('');
  });

  it('sends a SIM swap that completes after the carrier’s delay and changes the line', async () => {
    carriers = connect();
    const { reference } = await carriers.halo.send(HALO_LINE, { kind: 'sim_swap', simNumber: '89400000001' }, 'req-1');
    expect(await carriers.halo.progress(reference)).toEqual({ state: 'pending' });
    expect(await settled(() => carriers.halo.progress(reference))).toEqual({ state: 'succeeded' });
    expect((await carriers.halo.details(HALO_LINE)).serial_number.number).toBe('89400000001');
  });

  it('lifts the spend limit: the bar goes and the line reads lifted', async () => {
    carriers = connect();
    const { reference } = await carriers.halo.send(HALO_LINE, { kind: 'spend_limit_unbar' }, 'req-unbar');
    expect(await settled(() => carriers.halo.progress(reference))).toEqual({ state: 'succeeded' });
    expect(await carriers.halo.spendLimitStatus(HALO_LINE)).toMatchObject({ lifted: true, barApplied: false });
  });

  it('makes one change when the same request is sent twice', async () => {
    carriers = connect();
    const change = { kind: 'call_barring', add: [12], remove: [] } as const;
    const first = await carriers.halo.send(HALO_LINE, change, 'req-twice');
    const second = await carriers.halo.send(HALO_LINE, change, 'req-twice');
    expect(second.reference).toBe(first.reference);
    const { received, requests } = await sim.requests('mobile-33');
    expect(received).toBe(2);
    expect(requests).toHaveLength(1);
  });

  it('turns a refusal into CarrierRefusedError without retrying it', async () => {
    carriers = connect();
    const same = (await sim.haloLine(HALO_LINE.cli)).serial_number.number;
    const refused = carriers.halo.send(HALO_LINE, { kind: 'sim_swap', simNumber: same }, 'req-same');
    await expect(refused).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(refused).rejects.toMatchObject({ code: 'same_serial' });
    await expect(
      carriers.halo.send(HALO_LINE, { kind: 'call_barring', add: [999], remove: [] }, 'req-unknown'),
    ).rejects.toMatchObject({ code: 'unknown_addon' });

    await sim.setFault('mobile-33', { mode: 'reject' });
    await expect(
      carriers.halo.send(HALO_LINE, { kind: 'sim_swap', simNumber: '89400000002' }, 'req-refused'),
    ).rejects.toMatchObject({ name: 'CarrierRefusedError', code: 'change_refused' });
    // Each refused call reached the carrier once: nothing was retried.
    expect((await sim.requests('mobile-33')).received).toBe(3);
  });

  it('reports a change the carrier accepted and then rejected as failed', async () => {
    carriers = connect();
    const { reference } = await carriers.halo.send(HALO_LINE, { kind: 'sim_swap', simNumber: '89400000003' }, 'r-4');
    await sim.setFault('mobile-33', { mode: 'reject' });
    expect(await settled(() => carriers.halo.progress(reference))).toMatchObject({ state: 'failed' });
    expect((await sim.haloLine(HALO_LINE.cli)).serial_number.number).not.toBe('89400000003');
  });
});

describe('Vertex Wireless adapter', () => {
  it('reads a line, its network’s bars and SIM rule', async () => {
    carriers = connect();
    const atCarrier = await sim.vertexLine(27, VERTEX_LINE.cli);
    expect(await carriers.vertex.details(VERTEX_LINE)).toEqual({ simNo: atCarrier.simNo, bars: atCarrier.bars });

    const bars = await carriers.vertex.bars(VERTEX_LINE);
    const active = atCarrier.bars.map((bar) => bar.networkSuffix);
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) expect(bar.active).toBe(active.includes(bar.networkSuffix));
    expect(bars.map((bar) => bar.networkSuffix)).not.toEqual(
      (await carriers.vertex.bars({ ...VERTEX_LINE, supplierId: 36 })).map((bar) => bar.networkSuffix),
    );

    const rule36 = new RegExp((await carriers.vertex.simRule(36)).regularExpression);
    expect(rule36.test('8944110123456780000')).toBe(true);
    expect(rule36.test('894411012345678000')).toBe(false);
    expect(new RegExp((await carriers.vertex.simRule(27)).regularExpression).test('894411012345678')).toBe(true);
  });

  it('sends a bar change that completes and changes the line', async () => {
    carriers = connect();
    const before = (await carriers.vertex.bars(VERTEX_LINE)).find((bar) => !bar.active)!;
    const { reference } = await carriers.vertex.send(
      VERTEX_LINE,
      { kind: 'call_barring', add: [before.networkSuffix], remove: [] },
      'vx-1',
    );
    expect(await settled(() => carriers.vertex.progress(reference))).toEqual({ state: 'succeeded' });
    const after = await carriers.vertex.bars(VERTEX_LINE);
    expect(after.find((bar) => bar.networkSuffix === before.networkSuffix)?.active).toBe(true);
  });

  it('makes one order when the same clientReference is sent twice', async () => {
    carriers = connect();
    const swap = { kind: 'sim_swap', simNumber: '8944110999999990000' } as const;
    const first = await carriers.vertex.send(VERTEX_LINE, swap, 'vx-twice');
    expect((await carriers.vertex.send(VERTEX_LINE, swap, 'vx-twice')).reference).toBe(first.reference);
    expect(await sim.requests('mobile-27-36')).toMatchObject({
      received: 2,
      requests: [{ idempotencyKey: 'vx-twice' }],
    });
  });

  it('turns a 400 into CarrierRefusedError without retrying it', async () => {
    carriers = connect();
    await expect(
      carriers.vertex.send(VERTEX_LINE, { kind: 'call_barring', add: ['NOPE'], remove: [] }, 'vx-2'),
    ).rejects.toMatchObject({ name: 'CarrierRefusedError', code: 'UNKNOWN_BAR' });
    await sim.setFault('mobile-27-36', { mode: 'reject' });
    await expect(
      carriers.vertex.send(VERTEX_LINE, { kind: 'sim_swap', simNumber: '8944110999999990001' }, 'vx-3'),
    ).rejects.toMatchObject({ name: 'CarrierRefusedError', code: 'ORDER_REJECTED' });
    expect((await sim.requests('mobile-27-36')).received).toBe(2);
  });
});

describe('resilience', () => {
  it('retries a call that timed out and answers when the carrier catches up', async () => {
    carriers = connect();
    await sim.setFault('mobile-33', { mode: 'slow', latencyMs: 1_000, times: 1 });
    const { result, ms } = await timed(() => carriers.halo.details(HALO_LINE));
    expect(result.serial_number.number).toMatch(/^894/);
    expect(ms).toBeGreaterThanOrEqual(TIMINGS.timeoutMs);
    expect(ms).toBeLessThan(1_000);
  });

  it('retries a change whose answer was too slow, and the carrier makes it once', async () => {
    carriers = connect();
    // The first call reaches the carrier late, after the adapter gave up on it and sent it again.
    await sim.setFault('mobile-27-36', { mode: 'late', latencyMs: 700, times: 1 });
    const { reference } = await carriers.vertex.send(
      VERTEX_LINE,
      { kind: 'sim_swap', simNumber: '8944110555555550000' },
      'vx-late',
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const { received, requests } = await sim.requests('mobile-27-36');
    expect(received).toBe(2);
    expect(requests.map((request) => request.reference)).toEqual([reference]);
  });

  it('gives up after the retries when the carrier never answers', async () => {
    carriers = connect();
    await sim.setFault('mobile-27-36', { mode: 'timeout' });
    const { result, ms } = await timed(() => carriers.vertex.details(VERTEX_LINE).catch((error: unknown) => error));
    expect(result).toBeInstanceOf(CarrierUnavailableError);
    expect((result as Error).message).toContain('did not answer');
    // Three tries of 300 ms each, and short pauses between them.
    expect(ms).toBeGreaterThanOrEqual(3 * TIMINGS.timeoutMs);
  });

  it('gives up on a read sooner than on a change the worker sends (issue 21)', async () => {
    carriers = connect({ readTimeoutMs: 100, readRetries: 1, breakAfterFailures: 10 });
    await sim.setFault('mobile-27-36', { mode: 'timeout' });
    const read = await timed(() => carriers.vertex.details(VERTEX_LINE).catch((error: unknown) => error));
    expect(read.result).toBeInstanceOf(CarrierUnavailableError);
    expect((read.result as Error).message).toContain('did not answer within 100 ms');
    // Two tries of 100 ms, not three of 300.
    expect(read.ms).toBeLessThan(2 * TIMINGS.timeoutMs);

    const send = await timed(() =>
      carriers.vertex
        .send(VERTEX_LINE, { kind: 'sim_swap', simNumber: '8944110555555550001' }, 'vx-patient')
        .catch((error: unknown) => error),
    );
    expect((send.result as Error).message).toContain(`did not answer within ${TIMINGS.timeoutMs} ms`);
    expect(send.ms).toBeGreaterThanOrEqual(3 * TIMINGS.timeoutMs);
  });

  it("reads within the deployment's CARRIER_READ_TIMEOUT_MS", async () => {
    carriers = buildMobileCarriers(
      {
        carrierSimUrl: sim.url,
        haloApiKey: 'halo-demo-key',
        vertexApiToken: 'vertex-demo-token',
        carrierReadTimeoutMs: 150,
      },
      { timings: { ...TIMINGS, readRetries: 0, breakAfterFailures: 10 } },
    );
    await sim.setFault('mobile-27-36', { mode: 'timeout' });
    const read = await carriers.vertex.details(VERTEX_LINE).catch((error: unknown) => error);
    expect((read as Error).message).toContain('did not answer within 150 ms');
  });

  it('never lets reads wait longer than changes, whatever is configured', () => {
    expect(readTimings({ ...TIMINGS, readTimeoutMs: 10_000, readRetries: 5 })).toEqual({
      timeoutMs: TIMINGS.timeoutMs,
      retries: TIMINGS.retries,
    });
    expect(readTimings(DEFAULT_RESILIENCE).timeoutMs).toBeLessThan(DEFAULT_RESILIENCE.timeoutMs);
  });

  it('opens the circuit while the carrier is down, fails fast, and closes when it is back', async () => {
    carriers = connect();
    await sim.setFault('mobile-33', { mode: 'error', times: 100 });
    await expect(carriers.halo.simRule()).rejects.toBeInstanceOf(CarrierUnavailableError);
    // One call and its two retries: three 503s in a row open the circuit.
    expect((await sim.faults()).faults['mobile-33']).toMatchObject({ remaining: 97 });

    const fast = await timed(() => carriers.halo.simRule().catch((error: unknown) => error));
    expect(fast.result).toBeInstanceOf(CarrierUnavailableError);
    expect((fast.result as Error).message).toContain('circuit is open');
    expect((await sim.faults()).faults['mobile-33']).toMatchObject({ remaining: 97 });

    await sim.clearFaults();
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.halfOpenAfterMs + 50));
    await expect(carriers.halo.simRule()).resolves.toMatchObject({ regularExpression: expect.any(String) });
    await expect(carriers.halo.details(HALO_LINE)).resolves.toBeDefined();
  });

  it('keeps the carriers’ circuits apart', async () => {
    carriers = connect();
    await sim.setFault('mobile-33', { mode: 'error' });
    await expect(carriers.halo.simRule()).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(carriers.vertex.simRule(27)).resolves.toBeDefined();
  });

  it('does not retry a refusal of its credentials', async () => {
    carriers = buildMobileCarriers(
      { carrierSimUrl: sim.url, haloApiKey: 'wrong', vertexApiToken: 'wrong' },
      { timings: TIMINGS },
    );
    await expect(carriers.halo.details(HALO_LINE)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(carriers.vertex.details(VERTEX_LINE)).rejects.toMatchObject({ code: 'UNAUTHORISED' });
  });
});
