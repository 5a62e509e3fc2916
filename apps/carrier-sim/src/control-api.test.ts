import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSimulator, type Simulator } from './app.js';
import { CARRIERS } from './carriers.js';
import { loadSimConfig } from './config.js';

describe('fault control API', () => {
  let sim: Simulator;

  beforeEach(async () => {
    sim = await buildSimulator(loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0' }));
  });

  afterEach(async () => {
    await sim.close();
  });

  it('answers /health', async () => {
    const response = await sim.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('starts with no fault on any of the four carriers', async () => {
    const response = await sim.inject({ method: 'GET', url: '/_control/faults' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ faults: Object.fromEntries(CARRIERS.map((c) => [c, { mode: 'none' }])) });
  });

  it('sets a fault on one carrier and shows it', async () => {
    const put = await sim.inject({
      method: 'PUT',
      url: '/_control/faults/broadband-494',
      payload: { mode: 'slow', latencyMs: 2000, times: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      carrier: 'broadband-494',
      fault: { mode: 'slow', latencyMs: 2000, remaining: 3 },
    });

    const faults = (await sim.inject({ method: 'GET', url: '/_control/faults' })).json().faults;
    expect(faults['broadband-494']).toEqual({ mode: 'slow', latencyMs: 2000, remaining: 3 });
    expect(faults['mobile-33']).toEqual({ mode: 'none' });
  });

  it("clears one carrier with mode 'none' and all with DELETE", async () => {
    for (const carrier of ['mobile-33', 'mobile-27-36']) {
      await sim.inject({ method: 'PUT', url: `/_control/faults/${carrier}`, payload: { mode: 'error' } });
    }
    await sim.inject({ method: 'PUT', url: '/_control/faults/mobile-33', payload: { mode: 'none' } });
    let faults = (await sim.inject({ method: 'GET', url: '/_control/faults' })).json().faults;
    expect(faults['mobile-33']).toEqual({ mode: 'none' });
    expect(faults['mobile-27-36']).toEqual({ mode: 'error', latencyMs: 0, remaining: null });

    const reset = await sim.inject({ method: 'DELETE', url: '/_control/faults' });
    expect(reset.statusCode).toBe(200);
    faults = reset.json().faults;
    expect(Object.values(faults)).toEqual(CARRIERS.map(() => ({ mode: 'none' })));
  });

  it.each([
    ['an unknown carrier', '/_control/faults/mobile-99', { mode: 'error' }, 'carrier', 'invalid_value'],
    ['an unknown mode', '/_control/faults/mobile-33', { mode: 'explode' }, 'mode', 'invalid_value'],
    ['a missing mode', '/_control/faults/mobile-33', { times: 2 }, 'mode', 'invalid_value'],
    ['a negative latency', '/_control/faults/mobile-33', { mode: 'slow', latencyMs: -5 }, 'latencyMs', 'too_small'],
    ['a fractional times', '/_control/faults/mobile-33', { mode: 'error', times: 1.5 }, 'times', 'invalid_type'],
    ['zero times', '/_control/faults/mobile-33', { mode: 'error', times: 0 }, 'times', 'too_small'],
    ['an unknown key', '/_control/faults/mobile-33', { mode: 'error', latency: 5 }, 'body', 'unrecognized_keys'],
  ])('rejects %s with 400 naming the field', async (_case, url, payload, field, rule) => {
    const response = await sim.inject({ method: 'PUT', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      details: [expect.objectContaining({ field, rule })],
    });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await sim.inject({
      method: 'PUT',
      url: '/_control/faults/mobile-33',
      headers: { 'content-type': 'application/json' },
      payload: '{"mode":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
