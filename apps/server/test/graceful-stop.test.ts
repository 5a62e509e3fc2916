import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connection.js';
import { gracefulStop } from '../src/http/graceful-stop.js';
import { buildTestApp, openTestDatabase } from './support/test-app.js';

type Outcome = { status: number } | { error: string };

/** A call by fetch, whose pool keeps connections alive as a browser or a load balancer does. */
async function call(url: string): Promise<Outcome> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { error: (error as { cause?: { code?: string } }).cause?.code ?? String(error) };
  }
}

const refused = (outcome: Outcome) => 'error' in outcome && outcome.error === 'ECONNREFUSED';

describe('stopping the server (decision 0183)', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
  });

  async function listeningApp(addRoutes: (app: App) => void = () => {}) {
    database = await openTestDatabase();
    app = await buildTestApp(database);
    addRoutes(app);
    const stopServing = gracefulStop(app);
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, stopServing, baseUrl };
  }

  it('answers every call it took while clients kept calling, the one in flight too, and closes the app after', async () => {
    const events: string[] = [];
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, stopServing, baseUrl } = await listeningApp((app) => {
      app.get('/slow', async () => {
        started();
        await released;
        events.push('slow call answered');
        return { done: true };
      });
      app.addHook('onClose', async () => {
        events.push('app closed');
      });
    });

    const outcomes: Outcome[] = [];
    // Each client calls again as soon as it has its answer, until the server no longer listens.
    const client = async () => {
      for (let outcome: Outcome | undefined; !outcome || !refused(outcome); ) {
        outcome = await call(`${baseUrl}/health`);
        outcomes.push(outcome);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    const slow = call(`${baseUrl}/slow`);
    await slowStarted;
    await expect.poll(() => outcomes.length).toBeGreaterThan(100);

    const stopping = stopServing(120_000);
    await expect.poll(() => app.server.listening).toBe(false);
    release();
    await stopping;
    await Promise.all(clients);

    expect(await slow).toEqual({ status: 200 });
    expect(events).toEqual(['slow call answered', 'app closed']);
    const notAnswered = outcomes.filter(
      (outcome) => !refused(outcome) && !('status' in outcome && outcome.status === 200),
    );
    expect(notAnswered).toEqual([]);
    expect(outcomes.filter(refused)).toHaveLength(8);
  });

  it('closes a kept-alive connection nobody calls on instead of waiting for the drain to run out', async () => {
    const { app, stopServing, baseUrl } = await listeningApp();
    expect(await call(`${baseUrl}/health`)).toEqual({ status: 200 });
    // fetch keeps that connection open for its next call. With a drain of two minutes, only closing the idle
    // connection lets the stop end within the test's timeout.
    await stopServing(120_000);
    expect(app.server.listening).toBe(false);
    expect(await call(`${baseUrl}/health`)).toEqual({ error: 'ECONNREFUSED' });
  });
});
