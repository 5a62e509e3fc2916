import { describe, expect, it } from 'vitest';
import { ApiDateTimeSchema, IdParamSchema, IsoDateSchema, wholeNumberParam } from './primitives';

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

describe('IdParamSchema', () => {
  it('reads plain digits from 1 to 2147483647', () => {
    expect(IdParamSchema.parse('1')).toBe(1);
    expect(IdParamSchema.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '2147483648', '9999999999', '99999999999', '01', '+1', '-1', ' 1', '1 ', '0x10', '1e3', '1.0', ''])(
    'refuses %j',
    (value) => {
      expect(IdParamSchema.safeParse(value).success).toBe(false);
    },
  );
});

describe('IsoDateSchema', () => {
  it.each(['1000-01-01', '2026-11-21', '2024-02-29', '9999-12-31'])('accepts %s', (value) => {
    expect(IsoDateSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['0000-01-01', 'too_small'],
    ['0000-02-29', 'too_small'],
    ['0999-12-31', 'too_small'],
    ['2026-02-29', 'invalid_format'],
    ['10000-01-01', 'invalid_format'],
    ['2026-11-21T00:00:00Z', 'invalid_format'],
  ])('refuses %s (%s), with one issue', (value, code) => {
    expect(IsoDateSchema.safeParse(value).error?.issues).toEqual([expect.objectContaining({ code })]);
  });
});

describe('wholeNumberParam', () => {
  const count = wholeNumberParam(1, 10_000);

  it('reads plain digits within its range', () => {
    expect(count.parse('1')).toBe(1);
    expect(count.parse('10000')).toBe(10_000);
    expect(wholeNumberParam(0, 5).parse('0')).toBe(0);
  });

  it.each([
    '0',
    '10001',
    '1e3',
    '2.7e1',
    '0x1b',
    ' 27',
    '27 ',
    '+27',
    '-1',
    '027',
    '27.0',
    '1_000',
    'Infinity',
    '',
    '9'.repeat(400),
  ])('refuses %j, which a coerced number would read', (value) => {
    expect(count.safeParse(value).success).toBe(false);
  });

  it('names the range and the spelling in its message', () => {
    expect(count.safeParse('1e3').error?.issues[0]?.message).toBe(
      'Must be a whole number from 1 to 10000, in plain digits',
    );
  });
});
