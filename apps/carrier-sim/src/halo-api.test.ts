import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app.js';
import { STARTING_SPEND_STATES, startingSpendState } from './halo/lines.js';
import { COMPLETION_WAIT_MS, pause, testSimulator } from './testing.js';

const KEY = { 'x-api-key': 'halo-demo-key' };
// Lines whose starting state is known (see the first test): barred, no spend limit, lifted.
const BARRED = '07100000000';

let sim: Simulator;

beforeEach(async () => {
  sim = await testSimulator();
});
afterEach(async () => {
  await sim.close();
});

function get(url: string, headers: Record<string, string> = KEY) {
  return sim.inject({ method: 'GET', url: `/halo/v2${url}`, headers });
}

function post(url: string, payload: object, idempotencyKey?: string) {
  return sim.inject({
    method: 'POST',
    url: `/halo/v2${url}`,
    headers: { ...KEY, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });
}

/** The first of the numbers 07100000000, 07100000001, … that starts in the state. */
function lineIn(state: (typeof STARTING_SPEND_STATES)[number]): string {
  for (let n = 0; ; n += 1) {
    const number = `071${String(n).padStart(8, '0')}`;
    if (startingSpendState(number) === state) return number;
  }
}

const msisdn = (number: string) => `44${number.slice(1)}`;

describe('Halo Mobile: reads', () => {
  it('refuses a call without the API key, in its own error shape', async () => {
    for (const headers of [{}, { 'x-api-key': 'wrong' }] as Array<Record<string, string>>) {
      const response = await get(`/subscriptions/${msisdn(BARRED)}`, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  it('answers a subscription by MSISDN, the same on every start', async () => {
    const first = (await get(`/subscriptions/${msisdn(BARRED)}`)).json();
    expect(first).toMatchObject({
      msisdn: msisdn(BARRED),
      serial_number: { number: expect.stringMatching(/^894[0-9]{8}$/) },
      monitoring_settings: { spend_limit: { value: expect.any(Number), effective_from: expect.any(String) } },
      spend_limit_lifted: false,
    });
    expect(first.addons.map((addon: { id: number }) => addon.id)).toEqual(expect.arrayContaining([14, 44, 374]));

    const again = await testSimulator();
    expect(
      (await again.inject({ method: 'GET', url: `/halo/v2/subscriptions/${msisdn(BARRED)}`, headers: KEY })).json(),
    ).toEqual(first);
    await again.close();
  });

  it.each(['441134960000', '07100000000', '4471000'])('has no subscription %s', async (id) => {
    const response = await get(`/subscriptions/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('subscription_not_found');
  });

  it('starts lines in every spend-limit state, with dates that make each state hold today', async () => {
    const today = '2026-11-24';
    const states = new Set<string>();
    for (let n = 0; n < 200; n += 1) states.add(startingSpendState(`071${String(n).padStart(8, '0')}`));
    expect(states).toEqual(new Set(STARTING_SPEND_STATES));

    const read = async (state: (typeof STARTING_SPEND_STATES)[number]) =>
      (await get(`/subscriptions/${msisdn(lineIn(state))}`)).json();
    const ids = (line: { addons: Array<{ id: number }> }) => line.addons.map((addon) => addon.id);
    const barred = (line: { addons: Array<{ id: number }> }) => [14, 44, 374].every((id) => ids(line).includes(id));

    const enabled = await read('enabled');
    expect(enabled.monitoring_settings.spend_limit.effective_from <= today).toBe(true);
    expect(barred(enabled)).toBe(false);
    expect(barred(await read('barred'))).toBe(true);
    expect((await read('lifted')).spend_limit_lifted).toBe(true);
    expect((await read('unknown-none')).monitoring_settings).toEqual({});
    // After the 2nd of next month: outside the valid range, so the portal shows Unknown.
    expect((await read('unknown-future')).monitoring_settings.spend_limit.effective_from > '2026-12-02').toBe(true);
  });

  it('lists add-ons of a type, up to the page size', async () => {
    const bars = (await get('/tariff-addons?type=3&page_size=100')).json();
    expect(bars.items.map((addon: { id: number }) => addon.id)).toEqual(expect.arrayContaining([14, 44, 374]));
    expect(bars.items.every((addon: { type: number }) => addon.type === 3)).toBe(true);
    expect((await get('/tariff-addons?type=3&page_size=2')).json().items).toHaveLength(2);
    expect((await get('/tariff-addons?type=x')).statusCode).toBe(422);
  });

  it('publishes its SIM rule, which its own serials meet', async () => {
    const rule = (await get('/sim-validation')).json();
    expect(rule).toEqual({ regular_expression: expect.any(String), error_message: expect.any(String) });
    const serial = (await get(`/subscriptions/${msisdn(BARRED)}`)).json().serial_number.number;
    expect(new RegExp(rule.regular_expression).test(serial)).toBe(true);
  });
});

describe('Halo Mobile: changes', () => {
  it('accepts a bar change as pending and applies it after the completion delay', async () => {
    const line = lineIn('enabled');
    const before = (await get(`/subscriptions/${msisdn(line)}`)).json();
    const adding = [12, 21, 30, 52, 67].find((id) => !before.addons.some((a: { id: number }) => a.id === id))!;

    const accepted = await post(`/subscriptions/${msisdn(line)}/bars`, { add: [adding], remove: [] }, 'k-1');
    expect(accepted.statusCode).toBe(202);
    const { request_id: requestId, status } = accepted.json();
    expect(status).toBe('pending');
    expect((await get(`/requests/${requestId}`)).json()).toMatchObject({ status: 'pending', type: 'bars' });
    expect((await get(`/subscriptions/${msisdn(line)}`)).json().addons).toEqual(before.addons);

    await pause(COMPLETION_WAIT_MS);
    expect((await get(`/requests/${requestId}`)).json()).toMatchObject({ status: 'completed' });
    const after = (await get(`/subscriptions/${msisdn(line)}`)).json();
    expect(after.addons.map((a: { id: number }) => a.id)).toContain(adding);
  });

  it('swaps the SIM and lifts the spend limit, removing its bar', async () => {
    await post(`/subscriptions/${msisdn(BARRED)}/sim-swap`, { serial_number: '89412345678' }, 'k-sim');
    await post(`/subscriptions/${msisdn(BARRED)}/spend-limit/unbar`, {}, 'k-unbar');
    await pause(COMPLETION_WAIT_MS);
    const line = (await get(`/subscriptions/${msisdn(BARRED)}`)).json();
    expect(line.serial_number.number).toBe('89412345678');
    expect(line.spend_limit_lifted).toBe(true);
    expect(line.addons.map((a: { id: number }) => a.id)).not.toContain(374);
  });

  it('answers a repeated Idempotency-Key with the first request and changes the line once', async () => {
    const first = await post(`/subscriptions/${msisdn(BARRED)}/bars`, { add: [], remove: [14] }, 'k-same');
    const second = await post(`/subscriptions/${msisdn(BARRED)}/bars`, { add: [], remove: [14] }, 'k-same');
    expect(second.json().request_id).toBe(first.json().request_id);
    const control = (await sim.inject({ method: 'GET', url: '/_control/requests/mobile-33' })).json();
    expect(control.received).toBe(2);
    expect(control.requests).toHaveLength(1);
  });

  it.each([
    ['an add-on that is not a bar', { add: [101], remove: [] }, 'unknown_addon'],
    ['an unknown add-on', { add: [999], remove: [] }, 'unknown_addon'],
    ['a named add-on', { add: ['12'], remove: [] }, 'unknown_addon'],
    ['no add-on at all', { add: [], remove: [] }, 'empty_change'],
    ['one add-on both ways', { add: [12], remove: [12] }, 'conflicting_change'],
    ['an unknown field', { add: [12], colour: 'red' }, 'invalid_request'],
  ])('refuses %s with 422', async (_case, payload, code) => {
    const response = await post(`/subscriptions/${msisdn(BARRED)}/bars`, payload, `k-${code}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses a SIM that breaks its rule or is the current one', async () => {
    const current = (await get(`/subscriptions/${msisdn(BARRED)}`)).json().serial_number.number;
    for (const [serial, code] of [
      ['8941234567', 'invalid_serial'],
      ['99912345678', 'invalid_serial'],
      [current, 'same_serial'],
    ]) {
      const response = await post(
        `/subscriptions/${msisdn(BARRED)}/sim-swap`,
        { serial_number: serial },
        `k-${serial}`,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe(code);
    }
  });

  it('refuses to lift a spend limit that is missing or already lifted', async () => {
    const none = await post(`/subscriptions/${msisdn(lineIn('unknown-none'))}/spend-limit/unbar`, {}, 'k-a');
    expect(none.json().error.code).toBe('no_spend_limit');
    const lifted = await post(`/subscriptions/${msisdn(lineIn('lifted'))}/spend-limit/unbar`, {}, 'k-b');
    expect(lifted.json().error.code).toBe('already_lifted');
  });

  it('needs an Idempotency-Key on every change', async () => {
    const response = await post(`/subscriptions/${msisdn(BARRED)}/bars`, { add: [12], remove: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('idempotency_key_required');
  });

  it('does not know a request it never made', async () => {
    expect((await get('/requests/nope')).json().error.code).toBe('request_not_found');
  });
});

describe('Halo Mobile: the reject fault', () => {
  it('refuses changes with 422 for the given count while reads go on', async () => {
    await sim.inject({ method: 'PUT', url: '/_control/faults/mobile-33', payload: { mode: 'reject', times: 1 } });
    expect((await get(`/subscriptions/${msisdn(BARRED)}`)).statusCode).toBe(200);
    const refused = await post(`/subscriptions/${msisdn(BARRED)}/bars`, { add: [12], remove: [] }, 'k-r1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('change_refused');
    expect((await post(`/subscriptions/${msisdn(BARRED)}/bars`, { add: [12], remove: [] }, 'k-r2')).statusCode).toBe(
      202,
    );
  });

  it('completes an already accepted request as rejected and leaves the line alone', async () => {
    const before = (await get(`/subscriptions/${msisdn(BARRED)}`)).json();
    const accepted = await post(`/subscriptions/${msisdn(BARRED)}/sim-swap`, { serial_number: '89412345678' }, 'k-r3');
    await sim.inject({ method: 'PUT', url: '/_control/faults/mobile-33', payload: { mode: 'reject' } });
    await pause(COMPLETION_WAIT_MS);
    expect((await get(`/requests/${accepted.json().request_id}`)).json()).toMatchObject({
      status: 'rejected',
      reason: expect.any(String),
    });
    expect((await get(`/subscriptions/${msisdn(BARRED)}`)).json()).toEqual(before);
  });
});
