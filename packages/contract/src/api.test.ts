import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema, HealthResponseSchema, odataList, ReadyResponseSchema } from './api';

describe('ApiErrorSchema', () => {
  it('accepts the minimal and the full shape', () => {
    expect(ApiErrorSchema.safeParse({ statusCode: 404, error: 'Not Found', message: 'No such site' }).success).toBe(
      true,
    );
    expect(
      ApiErrorSchema.safeParse({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: 'name', rule: 'max', message: 'Too long' }],
        requestId: 'req-1',
      }).success,
    ).toBe(true);
  });

  it('rejects success codes and malformed details', () => {
    expect(ApiErrorSchema.safeParse({ statusCode: 200, error: 'OK', message: '' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ statusCode: 400, error: 'Bad Request' }).success).toBe(false);
    expect(
      ApiErrorSchema.safeParse({ statusCode: 400, error: 'Bad Request', message: 'x', details: [{ field: 'name' }] })
        .success,
    ).toBe(false);
  });
});

describe('odataList', () => {
  const NumberList = odataList(z.number().int());

  it('parses a page with and without a count', () => {
    expect(NumberList.parse({ value: [1, 2], '@odata.count': 7 })).toEqual({ value: [1, 2], '@odata.count': 7 });
    expect(NumberList.parse({ value: [] })).toEqual({ value: [] });
  });

  it('validates the items and the count', () => {
    expect(NumberList.safeParse({ value: [1.5] }).success).toBe(false);
    expect(NumberList.safeParse({ value: [], '@odata.count': -1 }).success).toBe(false);
    expect(NumberList.safeParse({ items: [] }).success).toBe(false);
  });
});

describe('health and readiness', () => {
  it('accepts the two documented shapes', () => {
    expect(HealthResponseSchema.safeParse({ status: 'ok' }).success).toBe(true);
    expect(HealthResponseSchema.safeParse({ status: 'ready' }).success).toBe(false);
    const up = [{ name: 'database', status: 'up' }];
    const down = [{ name: 'database', status: 'down' }];
    expect(ReadyResponseSchema.safeParse({ status: 'ready', database: 'up', dependencies: up }).success).toBe(true);
    expect(ReadyResponseSchema.safeParse({ status: 'unavailable', database: 'down', dependencies: down }).success).toBe(
      true,
    );
    expect(ReadyResponseSchema.safeParse({ status: 'ok', database: 'up', dependencies: up }).success).toBe(false);
    expect(ReadyResponseSchema.safeParse({ status: 'ready', database: 'up' }).success).toBe(false);
  });
});
