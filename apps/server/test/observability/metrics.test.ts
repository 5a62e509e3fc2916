import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CARRIER_REGISTRY, carrierRequestKey } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACME, carrierLine, TEST_CARRIER_TIMINGS } from '../mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { bearer, signIn, useDemoApp, useTestApp } from '../support/test-app.js';
import { sampleOf } from './prometheus-text.js';

// /metrics for the operator's Prometheus (docs/decisions/0199): behind METRICS_TOKEN, the families an operator
// watches, with the values the calls before the scrape left.

const TOKEN = 'operator-metrics-token-0123456789';

describe('/metrics without a token configured', () => {
  const context = useTestApp();

  it('answers 404, as any unknown path', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
  });
});

describe('/metrics with a token configured', () => {
  const simulator = useCarrierSimulator();
  const context = useDemoApp(() => ({ METRICS_TOKEN: TOKEN, CARRIER_SIM_URL: simulator.sim.url }), {
    carrierTimings: TEST_CARRIER_TIMINGS,
  });
  const scrape = async () => {
    const response = await context.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('refuses a caller without the token or with another', async () => {
    for (const headers of [{}, bearer('not-the-operator-token'), { authorization: TOKEN }]) {
      const response = await context.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('portal_');
    }
  });

  it('times requests by route pattern and status class, and unmatched paths as one route', async () => {
    const before = await scrape();
    expect(before).toContain('# TYPE portal_http_request_duration_seconds histogram');
    const health = { method: 'GET', route: '/health', status_class: '2xx' };
    const counted = sampleOf(before, 'portal_http_request_duration_seconds_count', health) ?? 0;
    for (let i = 0; i < 3; i += 1) await context.app.inject({ method: 'GET', url: '/health' });
    await context.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    const token = (await signIn(context.app, 'acme.admin')).accessToken;
    await context.app.inject({ method: 'GET', url: '/api/orders/999999999/items', headers: bearer(token) });

    const text = await scrape();
    expect(sampleOf(text, 'portal_http_request_duration_seconds_count', health)).toBe(counted + 3);
    expect(sampleOf(text, 'portal_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(counted + 3);
    expect(sampleOf(text, 'portal_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    // The route's pattern, never the id in the URL.
    expect(
      sampleOf(text, 'portal_http_request_duration_seconds_count', {
        route: '/api/orders/:orderId/items',
        status_class: '4xx',
      }),
    ).toBe(1);
    // In no label (a sample's value may hold those digits: 1.0999999999 seconds of CPU).
    expect(text).not.toMatch(/\{[^}]*999999999[^}]*\}/);
    expect(
      sampleOf(text, 'portal_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-route');
  });

  it("counts the queue's open requests and how long the oldest due one has waited", async () => {
    const line = await carrierLine(context.database.db, ACME, [33], 5);
    const company = await context.database.db
      .selectFrom('endpoints')
      .select('company_id')
      .where('id', '=', line.endpointId)
      .executeTakeFirstOrThrow();
    const before = await scrape();
    const queued = sampleOf(before, 'portal_carrier_queue_depth', { status: 'queued' }) ?? 0;
    await context.database.db
      .insertInto('carrier_requests')
      .values({
        company_id: company.company_id,
        endpoint_id: line.endpointId,
        order_item_id: line.orderItemId,
        requested_by_user_id: null,
        carrier: carrierRequestKey(CARRIER_REGISTRY.halo),
        kind: 'call_barring',
        payload: JSON.stringify({}),
        status: 'queued',
        next_attempt_at: sql<Date>`now() - interval '90 seconds'`,
      })
      .execute();

    const text = await scrape();
    expect(sampleOf(text, 'portal_carrier_queue_depth', { status: 'queued' })).toBe(queued + 1);
    expect(sampleOf(text, 'portal_carrier_queue_depth', { status: 'sent' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'portal_carrier_queue_oldest_due_seconds')).toBeGreaterThanOrEqual(90);
    expect(sampleOf(text, 'portal_carrier_queue_oldest_due_seconds')).toBeLessThan(3_600);
  });

  it("counts carrier calls by carrier and outcome, and shows each carrier's circuit", async () => {
    const token = (await signIn(context.app, 'acme.admin')).accessToken;
    const line = await carrierLine(context.database.db, ACME, [33]);
    const before = await scrape();
    const halo = (outcome: string, text: string) =>
      sampleOf(text, 'portal_carrier_calls_total', { carrier: 'halo', outcome }) ?? Number.NaN;
    for (const outcome of ['success', 'refused', 'timeout', 'unreachable']) {
      for (const carrier of ['halo', 'vertex', 'keystone', 'skylark']) {
        expect(sampleOf(before, 'portal_carrier_calls_total', { carrier, outcome }), `${carrier} ${outcome}`).toEqual(
          expect.any(Number),
        );
      }
    }

    const read = () =>
      context.app.inject({ method: 'GET', url: `/api/mobileHalo/${line.endpointId}`, headers: bearer(token) });
    expect((await read()).statusCode).toBe(200);
    await simulator.sim.setFault('mobile-33', { mode: 'error', times: 2 });
    expect((await read()).statusCode).toBeGreaterThanOrEqual(500);
    // Slower than the test timings' 500 ms deadline ('timeout' drops the connection: unreachable, not a timeout).
    await simulator.sim.setFault('mobile-33', { mode: 'slow', latencyMs: 2_000, times: 2 });
    expect((await read()).statusCode).toBeGreaterThanOrEqual(500);

    const text = await scrape();
    expect(halo('success', text)).toBe(halo('success', before) + 1);
    expect(halo('unreachable', text)).toBe(halo('unreachable', before) + 1);
    expect(halo('timeout', text)).toBe(halo('timeout', before) + 1);
    expect(halo('refused', text)).toBe(halo('refused', before));
    expect(sampleOf(text, 'portal_carrier_circuit_state', { carrier: 'halo', state: 'closed' })).toBe(1);
    expect(sampleOf(text, 'portal_carrier_circuit_state', { carrier: 'halo', state: 'open' })).toBe(0);
    expect(sampleOf(text, 'portal_carrier_circuit_state', { carrier: 'skylark', state: 'closed' })).toBe(1);
  });

  it("has Node's own figures, and the pool's on PostgreSQL", async () => {
    const text = await scrape();
    expect(sampleOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (context.database.kind === 'postgres') {
      expect(sampleOf(text, 'portal_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'portal_db_pool_clients', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'portal_db_pool_clients', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool_clients');
    }
  });

  it('keeps the heap in use after the latest full collection', async () => {
    // A full collection on demand: the test process was not started with --expose-gc.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    collect();
    await expect
      .poll(async () => sampleOf(await scrape(), 'portal_heap_used_after_full_collection_bytes'))
      .toBeGreaterThan(0);
  });

  it('is not in the API document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
    expect(Object.keys(document.paths)).toContain('/ready');
  });
});
