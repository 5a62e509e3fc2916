import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app.js';
import { COMPLETION_WAIT_MS, pause, testSimulator } from './testing.js';

let sim: Simulator;

beforeEach(async () => {
  sim = await testSimulator();
});
afterEach(async () => {
  await sim.close();
});

const control = (url: string, method: 'GET' | 'DELETE' = 'GET') => sim.inject({ method, url: `/_control${url}` });

describe('mobile carriers control API', () => {
  it("reads a line as each carrier holds it, without the carrier's latency, faults or auth", async () => {
    await sim.inject({ method: 'PUT', url: '/_control/faults/mobile-33', payload: { mode: 'timeout' } });
    const halo = await control('/lines/mobile-33/07100000000');
    expect(halo.statusCode).toBe(200);
    expect(halo.json()).toMatchObject({ msisdn: '447100000000', serial_number: { number: expect.any(String) } });
    const vertex = await control('/lines/mobile-27-36/07100000000?networkId=36');
    expect(vertex.json()).toMatchObject({ networkId: 36, simNo: expect.any(String) });
  });

  it.each([
    ['/lines/mobile-27-36/07100000000', 404],
    ['/lines/mobile-27-36/07100000000?networkId=33', 404],
    ['/lines/mobile-33/01134960000', 404],
    ['/lines/broadband-494/07100000000', 400],
    ['/requests/broadband-494', 400],
  ])('answers %s with %i', async (url, status) => {
    expect((await control(url)).statusCode).toBe(status);
  });

  it('counts change calls and resets lines and requests', async () => {
    const swap = () =>
      sim.inject({
        method: 'POST',
        url: '/halo/v2/subscriptions/447100000000/sim-swap',
        headers: { 'x-api-key': 'halo-demo-key', 'idempotency-key': 'k' },
        payload: { serial_number: '89412345678' },
      });
    await swap();
    await swap();
    expect((await control('/requests/mobile-33')).json()).toMatchObject({
      received: 2,
      requests: [{ idempotencyKey: 'k' }],
    });
    await pause(COMPLETION_WAIT_MS);
    expect((await control('/lines/mobile-33/07100000000')).json().serial_number.number).toBe('89412345678');

    expect((await control('/lines', 'DELETE')).statusCode).toBe(200);
    expect((await control('/requests/mobile-33')).json()).toEqual({ received: 0, requests: [] });
    expect((await control('/lines/mobile-33/07100000000')).json().serial_number.number).not.toBe('89412345678');
  });
});
