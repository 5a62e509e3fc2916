import { HealthResponseSchema, ReadyResponseSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, useTestApp } from './support/test-app.js';

describe('health endpoints', () => {
  const context = useTestApp();

  it('GET /health answers ok without touching the database', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(HealthResponseSchema.parse(response.json())).toEqual({ status: 'ok' });
  });

  it('GET /ready reports the database up, and no worker where CARRIER_WORKER is off', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(ReadyResponseSchema.parse(response.json())).toEqual({
      status: 'ready',
      database: 'up',
      dependencies: [{ name: 'database', status: 'up' }],
    });
  });
});

describe('readiness with the carrier worker running', () => {
  const context = useTestApp({ CARRIER_WORKER: 'on', CARRIER_WORKER_POLL_MS: '20' });

  it('GET /ready names the database and the worker, and answers 503 naming the worker once it stops', async () => {
    const ready = await context.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ReadyResponseSchema.parse(ready.json())).toEqual({
      status: 'ready',
      database: 'up',
      dependencies: [
        { name: 'database', status: 'up' },
        { name: 'carrier-worker', status: 'up' },
      ],
    });

    await context.app.carrierWorker.stop();
    const stopped = await context.app.inject({ method: 'GET', url: '/ready' });
    expect(stopped.statusCode).toBe(503);
    expect(ReadyResponseSchema.parse(stopped.json())).toEqual({
      status: 'unavailable',
      database: 'up',
      dependencies: [
        { name: 'database', status: 'up' },
        { name: 'carrier-worker', status: 'down' },
      ],
    });
  });

  it('answers 503 naming a dependency the app registered that fails, and one that hangs', async () => {
    const app = await buildTestApp(context.database);
    try {
      app.readiness.register({
        name: 'redis',
        check: async () => {
          throw new Error('connection refused');
        },
      });
      app.readiness.register({ name: 'queue', check: () => new Promise<void>(() => {}) });
      const down = await app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().dependencies).toEqual([
        { name: 'database', status: 'up' },
        { name: 'redis', status: 'down' },
        { name: 'queue', status: 'down' },
      ]);
      expect(down.body).not.toContain('connection refused');
    } finally {
      await app.close();
    }
  });
});

describe('readiness when the database is gone', () => {
  it('GET /ready answers 503 once the database handle is closed, while /health stays ok', async () => {
    const database = await openTestDatabase();
    const app = await buildTestApp(database);
    try {
      await database.close();

      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ReadyResponseSchema.parse(ready.json())).toEqual({
        status: 'unavailable',
        database: 'down',
        dependencies: [{ name: 'database', status: 'down' }],
      });

      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
