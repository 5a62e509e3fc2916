import { afterEach, describe, expect, it } from 'vitest';
import { buildSimulator, carrierRoutes, type Simulator } from './app.js';
import type { Carrier } from './carriers.js';
import { loadSimConfig } from './config.js';

let sim: Simulator | undefined;

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** A simulator with one stand-in carrier route per carrier, the way the real carrier routes will use the hook. */
async function simulatorWithPingRoutes(env: Record<string, string> = {}) {
  const app = await buildSimulator(loadSimConfig({ LOG_LEVEL: 'silent', SIM_LATENCY_MS: '0', ...env }));
  for (const carrier of ['mobile-33', 'broadband-588'] satisfies Carrier[]) {
    await app.register(
      carrierRoutes(carrier, async (scope) => {
        scope.get(`/${carrier}/ping`, async () => ({ carrier, pong: true }));
      }),
    );
  }
  sim = app;
  return app;
}

async function setFault(app: Simulator, carrier: Carrier, fault: object) {
  const response = await app.inject({ method: 'PUT', url: `/_control/faults/${carrier}`, payload: fault });
  expect(response.statusCode).toBe(200);
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('applying carrier faults', () => {
  it('answers 503 for the injected number of calls, then heals', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'error', times: 2 });

    const statuses = [];
    for (let call = 0; call < 3; call += 1) {
      statuses.push((await app.inject({ method: 'GET', url: '/mobile-33/ping' })).statusCode);
    }
    expect(statuses).toEqual([503, 503, 200]);

    const faults = (await app.inject({ method: 'GET', url: '/_control/faults' })).json().faults;
    expect(faults['mobile-33']).toEqual({ mode: 'none' });
  });

  it('gives the 503 a JSON error body', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'error', times: 1 });
    const response = await app.inject({ method: 'GET', url: '/mobile-33/ping' });
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  });

  it('only touches the carrier it was set on', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'error' });
    expect((await app.inject({ method: 'GET', url: '/broadband-588/ping' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/mobile-33/ping' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/mobile-33/ping' })).statusCode).toBe(503);
  });

  it('leaves the control API and /health alone', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'timeout' });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/_control/faults' })).statusCode).toBe(200);
  });

  it('slows a call by the injected latency and then answers normally', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'broadband-588', { mode: 'slow', latencyMs: 300, times: 1 });

    const slow = await timed(() => app.inject({ method: 'GET', url: '/broadband-588/ping' }));
    expect(slow.result.statusCode).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(290);

    const normal = await timed(() => app.inject({ method: 'GET', url: '/broadband-588/ping' }));
    expect(normal.ms).toBeLessThan(200);
  });

  it.each([
    ['slow', 'waits before the route runs', 290],
    ['late', 'runs the route at once and only holds the answer back', 0],
  ] as const)('a %s call %s', async (mode, _what, routeWaitsMs) => {
    const app = await simulatorWithPingRoutes();
    let ranAt: number | undefined;
    await app.register(
      carrierRoutes('mobile-27-36', async (scope) => {
        scope.post('/mobile-27-36/change', async () => {
          ranAt = performance.now();
          return { done: true };
        });
      }),
    );
    await setFault(app, 'mobile-27-36', { mode, latencyMs: 300, times: 1 });
    const started = performance.now();
    const call = await timed(() => app.inject({ method: 'POST', url: '/mobile-27-36/change', payload: {} }));
    expect(call.result.json()).toEqual({ done: true });
    expect(call.ms).toBeGreaterThanOrEqual(290);
    const routeWaited = ranAt! - started;
    expect(routeWaited).toBeGreaterThanOrEqual(routeWaitsMs);
    expect(routeWaited).toBeLessThan(routeWaitsMs + 100);
  });

  it('applies the base latency of the carrier to every call', async () => {
    const app = await simulatorWithPingRoutes({ SIM_LATENCY_MS_MOBILE_33: '150' });
    const mobile = await timed(() => app.inject({ method: 'GET', url: '/mobile-33/ping' }));
    expect(mobile.ms).toBeGreaterThanOrEqual(140);
    const broadband = await timed(() => app.inject({ method: 'GET', url: '/broadband-588/ping' }));
    expect(broadband.ms).toBeLessThan(100);
  });

  it('hangs a call until the client gives up, then answers the next one', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'timeout', times: 1 });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const hung = await timed(() =>
      fetch(`${base}/mobile-33/ping`, { signal: AbortSignal.timeout(300) }).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    expect(hung.result).toBe('TimeoutError');
    expect(hung.ms).toBeGreaterThanOrEqual(290);

    const next = await fetch(`${base}/mobile-33/ping`);
    expect(next.status).toBe(200);
  });

  it('lets go of hung calls when the simulator closes', async () => {
    const app = await simulatorWithPingRoutes();
    await setFault(app, 'mobile-33', { mode: 'timeout' });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const hung = fetch(`${base}/mobile-33/ping`).then(
      () => 'answered',
      () => 'connection dropped',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = await timed(() => app.close());
    sim = undefined;
    expect(closing.ms).toBeLessThan(2_000);
    expect(await hung).toBe('connection dropped');
  });
});
