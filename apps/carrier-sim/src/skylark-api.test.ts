import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app.js';
import { buildSimulator } from './app.js';
import { type LineCondition, startingCondition } from './broadband/line-model.js';
import { loadSimConfig } from './config.js';
import { pause } from './testing.js';

const AUTH = { authorization: 'Bearer skylark-demo-token' };
let sim: Simulator;

beforeEach(async () => {
  sim = await buildSimulator(loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', BB_TEST_MS: '40' }));
});
afterEach(async () => {
  await sim.close();
});

const get = (url: string, headers: Record<string, string> = AUTH) =>
  sim.inject({ method: 'GET', url: `/skylark/v1${url}`, headers });
const order = (payload: object) =>
  sim.inject({ method: 'POST', url: '/skylark/v1/diagnostics', headers: AUTH, payload });

function circuitIn(condition: LineCondition): string {
  for (let n = 0; ; n += 1) {
    const number = `0160${String(n).padStart(7, '0')}`;
    if (startingCondition(number) === condition) return number;
  }
}

describe('Skylark Fibre', () => {
  it('wants its bearer token and words errors as { errors: [{ code, message }] }', async () => {
    const refused = await get(`/circuits/${circuitIn('healthy')}/status`, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('unauthenticated');
  });

  it('answers status in snake_case: offline when disconnected, suspended when not in service', async () => {
    expect((await get(`/circuits/${circuitIn('disconnected')}/status`)).json()).toMatchObject({
      service_status: 'in_service',
      ont_status: 'offline',
      online_since: null,
    });
    expect((await get(`/circuits/${circuitIn('suspended')}/status`)).json().service_status).toBe('suspended');
  });

  it('orders a diagnostic, runs it, and refuses a second sync or fibre test meanwhile', async () => {
    const circuit = circuitIn('healthy');
    const placed = await order({ circuit_id: circuit, test_type: 'fibre_path', intrusive: true });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().state).toBe('in_progress');
    const clash = await order({ circuit_id: circuit, test_type: 'ont_sync' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].code).toBe('diagnostic_in_progress');
    let diagnostic = placed.json();
    while (diagnostic.state === 'in_progress') {
      await pause(20);
      diagnostic = (await get(`/diagnostics/${diagnostic.diagnostic_id}`)).json();
    }
    expect(diagnostic).toMatchObject({ state: 'succeeded', outcome: { result: 'pass' } });
    expect((await order({ circuit_id: circuit, test_type: 'exchange' })).statusCode).toBe(400);
  });

  it('pages by limit and offset, in either direction', async () => {
    const circuit = circuitIn('noisy');
    const newest = (await get(`/circuits/${circuit}/sessions?limit=4`)).json();
    expect(newest.data).toHaveLength(4);
    expect(newest.meta.total).toBeGreaterThan(4);
    const oldest = (await get(`/circuits/${circuit}/sessions?limit=4&direction=asc`)).json();
    expect(oldest.data[0].start_time < newest.data[3].start_time).toBe(true);
    const speeds = (await get(`/circuits/${circuit}/speed-tests`)).json();
    expect(speeds.data[0].test_id).toMatch(/^SKY-ST-/);
  });
});
