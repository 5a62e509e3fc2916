import { messageOperations } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { ISO_DATE_TIME, parseMessageList } from './message-list-reply';

const schema = messageOperations.current.response;

function verdict(body: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseMessageList(body) };
  } catch {
    return { ok: false };
  }
}

function schemaVerdict(body: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** Values near each field's rules: ids at their bounds, empty text, dates with and without offsets. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    0,
    1,
    -1,
    1.5,
    2_147_483_647,
    2_147_483_648,
    Number.NaN,
    '',
    'Maintenance tonight',
    '7',
    '2026-11-27T08:00:00Z',
    '2026-11-27T08:00:00.123+01:00',
    '2026-11-27T08:00:00',
    '2026-11-27T08:00Z',
    '2026-02-29T08:00:00Z',
    '2028-02-29T08:00:00Z',
    '2026-11-27T24:00:00Z',
    '2026-11-27',
    [],
    {},
  ),
  fc.integer(),
  fc.string(),
);

const messageBody = fc.dictionary(fc.constantFrom('id', 'text', 'startDate', 'endDate', 'other'), fieldValue);

describe('parseMessageList', () => {
  it("checks dates with zod's own pattern for the contract's IsoDateTimeSchema", () => {
    expect(ISO_DATE_TIME.source).toBe(regexes.datetime({ offset: true, local: false, precision: null }).source);
  });

  it('reads valid messages as the schema does, dropping unknown keys', () => {
    const body = {
      value: [
        { id: 1, text: 'Open-ended', extra: true },
        { id: 2, text: 'Tonight', startDate: '2026-11-27T18:00:00Z', endDate: '2026-11-27T23:00:00.000+00:00' },
      ],
      '@odata.count': 2,
      '@odata.context': 'dropped',
    };
    expect(parseMessageList(body)).toStrictEqual(schema.parse(body));
  });

  it('refuses what the schema refuses and reads what it reads, to the same value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(messageBody, fc.constant({ id: 3, text: 'Fine' }), fieldValue), { maxLength: 3 }),
        fc.option(fieldValue, { nil: undefined }),
        fc.boolean(),
        (value, count, withCount) => {
          const body = withCount ? { value, '@odata.count': count } : { value };
          expect(verdict(body)).toStrictEqual(schemaVerdict(body));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses bodies that are not lists', () => {
    for (const body of [undefined, null, 'messages', [], { value: 'x' }]) expect(verdict(body)).toEqual({ ok: false });
  });
});
