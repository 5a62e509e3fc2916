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

  it('GET /ready reports the database up', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(ReadyResponseSchema.parse(response.json())).toEqual({ status: 'ready', database: 'up' });
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
      expect(ReadyResponseSchema.parse(ready.json())).toEqual({ status: 'unavailable', database: 'down' });

      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
