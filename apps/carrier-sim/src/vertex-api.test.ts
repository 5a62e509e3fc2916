import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app.js';
import { COMPLETION_WAIT_MS, pause, testSimulator } from './testing.js';

const AUTH = { authorization: 'Bearer vertex-demo-token' };
const NUMBER = '07101448130';

let sim: Simulator;

beforeEach(async () => {
  sim = await testSimulator();
});
afterEach(async () => {
  await sim.close();
});

function get(url: string, headers: Record<string, string> = AUTH) {
  return sim.inject({ method: 'GET', url: `/vertex/api/v1${url}`, headers });
}

function post(url: string, payload: object) {
  return sim.inject({ method: 'POST', url: `/vertex/api/v1${url}`, headers: AUTH, payload });
}

const suffixes = (bars: Array<{ networkSuffix: string }>) => bars.map((bar) => bar.networkSuffix);

describe('Vertex Wireless: reads', () => {
  it('refuses a call without the bearer token, in its own error shape', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'vertex-demo-token' },
    ];
    for (const headers of attempts) {
      const response = await get(`/networks/27/lines/${NUMBER}`, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ faultCode: 'UNAUTHORISED', faultText: expect.any(String) });
    }
  });

  it('answers a line by network and national number, the same on every start', async () => {
    const line = (await get(`/networks/27/lines/${NUMBER}`)).json();
    expect(line).toMatchObject({ networkId: 27, number: NUMBER, simNo: expect.stringMatching(/^8944[0-9]{15}$/) });
    const offered = suffixes((await get('/networks/27/bars')).json());
    for (const suffix of suffixes(line.bars)) expect(offered).toContain(suffix);

    const again = await testSimulator();
    const reread = await again.inject({
      method: 'GET',
      url: `/vertex/api/v1/networks/27/lines/${NUMBER}`,
      headers: AUTH,
    });
    expect(reread.json()).toEqual(line);
    await again.close();
  });

  it.each([
    ['/networks/33/lines/07101448130', 'NETWORK_NOT_FOUND'],
    ['/networks/27/lines/447101448130', 'LINE_NOT_FOUND'],
    ['/networks/27/nothing', 'NOT_FOUND'],
  ])('answers 404 for %s', async (url, faultCode) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().faultCode).toBe(faultCode);
  });

  it('offers different bars and SIM rules on its two networks', async () => {
    const [bars27, bars36] = [(await get('/networks/27/bars')).json(), (await get('/networks/36/bars')).json()];
    expect(bars27[0]).toEqual({ networkSuffix: expect.any(String), description: expect.any(String) });
    expect(suffixes(bars27)).not.toEqual(suffixes(bars36));

    const rule27 = new RegExp((await get('/networks/27/simValidation')).json().pattern);
    const rule36 = new RegExp((await get('/networks/36/simValidation')).json().pattern);
    for (const digits of [15, 19, 20]) expect(rule27.test(`8944${'1'.repeat(digits - 4)}`)).toBe(true);
    expect(rule27.test(`8944${'1'.repeat(10)}`)).toBe(false);
    expect(rule36.test(`8944${'1'.repeat(15)}`)).toBe(true);
    expect(rule36.test(`8944${'1'.repeat(16)}`)).toBe(false);
  });
});

describe('Vertex Wireless: orders', () => {
  it('opens a bar change, then applies it and marks the order DONE', async () => {
    const before = suffixes((await get(`/networks/36/lines/${NUMBER}`)).json().bars);
    const adding = suffixes((await get('/networks/36/bars')).json()).find((suffix) => !before.includes(suffix))!;
    const placed = await post(`/networks/36/lines/${NUMBER}/barChanges`, {
      clientReference: 'c-1',
      barsToAdd: [adding],
      barsToRemove: before.slice(0, 1),
    });
    expect(placed.statusCode).toBe(202);
    expect(placed.json()).toEqual({ orderRef: expect.stringMatching(/^VX/), state: 'OPEN' });

    await pause(COMPLETION_WAIT_MS);
    const order = (await get(`/orders/${placed.json().orderRef}`)).json();
    expect(order).toMatchObject({ orderType: 'BAR_CHANGE', networkId: 36, number: NUMBER, state: 'DONE' });
    const after = suffixes((await get(`/networks/36/lines/${NUMBER}`)).json().bars);
    expect(after).toContain(adding);
    if (before[0]) expect(after).not.toContain(before[0]);
  });

  it('swaps a SIM, and answers a repeated clientReference with the first order', async () => {
    const order = { clientReference: 'c-2', newSimNo: '8944110999999990000' };
    const first = await post(`/networks/27/lines/${NUMBER}/simSwaps`, order);
    const again = await post(`/networks/27/lines/${NUMBER}/simSwaps`, order);
    expect(again.json().orderRef).toBe(first.json().orderRef);
    await pause(COMPLETION_WAIT_MS);
    expect((await get(`/networks/27/lines/${NUMBER}`)).json().simNo).toBe('8944110999999990000');
    const control = (await sim.inject({ method: 'GET', url: '/_control/requests/mobile-27-36' })).json();
    expect(control).toMatchObject({ received: 2, requests: [{ idempotencyKey: 'c-2', state: 'completed' }] });
  });

  it.each([
    ['a bar of the other network', 'barChanges', { barsToAdd: ['PRM'] }, 'UNKNOWN_BAR'],
    ['no bar at all', 'barChanges', { barsToAdd: [], barsToRemove: [] }, 'EMPTY_ORDER'],
    ['one bar both ways', 'barChanges', { barsToAdd: ['PRS'], barsToRemove: ['PRS'] }, 'CONFLICTING_BARS'],
    ['a SIM of the wrong length', 'simSwaps', { newSimNo: '89441' }, 'INVALID_SIM'],
    ['a SIM with letters', 'simSwaps', { newSimNo: '8944ABCDEFGHIJKLMNO' }, 'INVALID_SIM'],
    ['an unknown field', 'simSwaps', { newSimNo: '8944110999999990000', iccid: 'x' }, 'INVALID_REQUEST'],
  ])('refuses %s with 400', async (_case, kind, body, faultCode) => {
    const response = await post(`/networks/27/lines/${NUMBER}/${kind}`, { clientReference: `c-${faultCode}`, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().faultCode).toBe(faultCode);
  });

  it('refuses the SIM already in use and an order without a clientReference', async () => {
    const current = (await get(`/networks/36/lines/${NUMBER}`)).json().simNo;
    const same = await post(`/networks/36/lines/${NUMBER}/simSwaps`, { clientReference: 'c-3', newSimNo: current });
    expect(same.json().faultCode).toBe('SAME_SIM');
    const anonymous = await post(`/networks/36/lines/${NUMBER}/simSwaps`, { newSimNo: '8944110999999990000' });
    expect(anonymous.json().faultCode).toBe('MISSING_CLIENT_REFERENCE');
  });

  it('refuses orders under the reject fault and fails those it had opened', async () => {
    const opened = await post(`/networks/27/lines/${NUMBER}/simSwaps`, {
      clientReference: 'c-4',
      newSimNo: '8944110999999990001',
    });
    await sim.inject({ method: 'PUT', url: '/_control/faults/mobile-27-36', payload: { mode: 'reject' } });
    const refused = await post(`/networks/27/lines/${NUMBER}/barChanges`, {
      clientReference: 'c-5',
      barsToAdd: ['PRS'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().faultCode).toBe('ORDER_REJECTED');
    await pause(COMPLETION_WAIT_MS);
    expect((await get(`/orders/${opened.json().orderRef}`)).json()).toMatchObject({
      state: 'FAILED',
      failureText: expect.any(String),
    });
    expect((await get(`/networks/27/lines/${NUMBER}`)).json().simNo).not.toBe('8944110999999990001');
  });

  it('does not know an order it never opened', async () => {
    expect((await get('/orders/VX1')).json().faultCode).toBe('ORDER_NOT_FOUND');
  });
});
