import { describe, expect, it } from 'vitest';
import { ApiDateTimeSchema } from './primitives';

describe('ApiDateTimeSchema', () => {
  it.each([
    '1000-01-01T00:00:00Z',
    '1000-01-01T14:00:00+14:00',
    '2026-11-21T10:00:00.5+01:00',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T11:59:59.999-12:00',
  ])('accepts %s', (value) => {
    expect(ApiDateTimeSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['0999-12-31T23:59:59.999Z', 'too_small'],
    ['1000-01-01T00:00:00+00:01', 'too_small'],
    ['9999-12-31T23:59:59-14:00', 'too_big'],
    ['2026-11-21T10:00:00.0001Z', 'invalid_format'],
    ['2026-11-21T10:00:00+14:01', 'invalid_format'],
    ['2026-11-21T10:00:00', 'invalid_format'],
    ['+010000-01-01T00:00:00Z', 'invalid_format'],
  ])('refuses %s (%s), with one issue', (value, code) => {
    const result = ApiDateTimeSchema.safeParse(value);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code })]);
  });
});
