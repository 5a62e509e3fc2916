import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from './app.js';
import { buildSimulator } from './app.js';
import { LINE_CONDITIONS, type LineCondition, startingCondition } from './broadband/line-model.js';
import { loadSimConfig } from './config.js';
import { pause } from './testing.js';

const KEY = { 'x-keystone-key': 'keystone-demo-key' };
const TEST_MS = 60;
let sim: Simulator;

beforeEach(async () => {
  sim = await buildSimulator(loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', BB_TEST_MS: String(TEST_MS) }));
});
afterEach(async () => {
  await sim.close();
});

const get = (url: string, headers: Record<string, string> = KEY) =>
  sim.inject({ method: 'GET', url: `/keystone/api/v3${url}`, headers });
const post = (url: string, payload: object) =>
  sim.inject({ method: 'POST', url: `/keystone/api/v3${url}`, headers: KEY, payload });

/** The first of the numbers 01130000000, 01130000001, … that starts in the condition. */
function lineIn(condition: LineCondition): string {
  for (let n = 0; ; n += 1) {
    const number = `0113${String(n).padStart(7, '0')}`;
    if (startingCondition(number) === condition) return number;
  }
}

async function finished(testId: string) {
  for (;;) {
    const test = (await get(`/tests/${testId}`)).json();
    if (test.status !== 'running') return test;
    await pause(20);
  }
}

describe('Keystone Networks', () => {
  it('wants its key, and answers problems in its own shape', async () => {
    const refused = await get(`/lines/${lineIn('healthy')}`, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json().type).toMatch(/problems\/unauthorized$/);
    expect((await get('/lines/07700900123')).statusCode).toBe(404);
  });

  it.each(LINE_CONDITIONS)('answers a %s line’s live status', async (condition) => {
    const line = (await get(`/lines/${lineIn(condition)}`)).json();
    expect(line.serviceState).toBe(condition === 'suspended' ? 'Suspended' : 'Active');
    expect(line.session.connected).toBe(condition !== 'suspended' && condition !== 'disconnected');
  });

  it('runs a test for some time, then answers its result', async () => {
    const noisy = lineIn('noisy');
    const started = await post(`/lines/${noisy}/tests`, { testType: 'sync' });
    expect(started.statusCode).toBe(202);
    expect(started.json().status).toBe('running');
    const test = await finished(started.json().testId);
    expect(test.status).toBe('completed');
    expect(test.result.snrMarginDb).toBeLessThan(3);
    expect(Date.parse(test.completedAt) - Date.parse(test.startedAt)).toBeGreaterThanOrEqual(TEST_MS - 5);

    const intrusive = await post(`/lines/${noisy}/tests`, { testType: 'fibre', includeCopper: true });
    expect((await finished(intrusive.json().testId)).result.verdict).toBe('FAIL');
    const gentle = await post(`/lines/${noisy}/tests`, { testType: 'fibre', includeCopper: false });
    expect((await finished(gentle.json().testId)).result.verdict).toBe('INCONCLUSIVE');
  });

  it('refuses a sync test while a fibre test runs on the line, and tests on a suspended line', async () => {
    const line = lineIn('healthy');
    expect((await post(`/lines/${line}/tests`, { testType: 'fibre' })).statusCode).toBe(202);
    const clash = await post(`/lines/${line}/tests`, { testType: 'sync' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().type).toMatch(/test-conflict$/);
    expect((await post(`/lines/${line}/tests`, { testType: 'exchange' })).statusCode).toBe(202);

    const suspended = await post(`/lines/${lineIn('suspended')}/tests`, { testType: 'broadband' });
    expect(suspended.statusCode).toBe(422);
  });

  it('lets a test set a line’s condition through the control API', async () => {
    const line = lineIn('healthy');
    await sim.inject({
      method: 'PUT',
      url: `/_control/broadband/broadband-494/${line}`,
      payload: { condition: 'disconnected' },
    });
    expect((await get(`/lines/${line}`)).json().session.connected).toBe(false);
  });

  it('pages and sorts the histories the same on every call', async () => {
    const line = lineIn('dropping');
    const page = (await get(`/lines/${line}/sessions?page=2&pageSize=5&sort=-startTime`)).json();
    expect(page.items).toHaveLength(5);
    expect(page.totalItems).toBeGreaterThan(100);
    expect((await get(`/lines/${line}/sessions?page=2&pageSize=5&sort=-startTime`)).json()).toEqual(page);
    const first = (await get(`/lines/${line}/sessions?page=1&pageSize=10&sort=-startTime`)).json();
    expect(first.items.slice(5)).toEqual(page.items);
    expect((await get(`/lines/${line}/sessions?sort=bogus`)).statusCode).toBe(400);

    const logs = (await get(`/lines/${line}/auth-logs?username=u@example.net&pageSize=50`)).json();
    expect(logs.items.some((row: { result: string }) => row.result === 'Reject')).toBe(true);
    const quality = (await get(`/lines/${line}/line-quality?pageSize=3`)).json();
    expect(quality.items[0].lostSyncCount).toBeGreaterThan(0);
  });
});
