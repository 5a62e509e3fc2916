import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const context = useTestApp();

  it('gives every request its own id and echoes it in x-request-id', async () => {
    const first = await context.app.inject({ method: 'GET', url: '/health' });
    const second = await context.app.inject({ method: 'GET', url: '/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps a short safe incoming x-request-id', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-7f3a.42_x' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42_x');
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['unsafe characters', 'abc"; drop table users'],
    ['containing spaces', 'id with spaces'],
  ])('replaces an incoming id that is %s', async (_case, incoming) => {
    const response = await context.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': incoming } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('puts the same id in an error body', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(response.json()).toMatchObject({ requestId: 'trace-1' });
  });
});
