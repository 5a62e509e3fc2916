/**
 * A value the hostile sweep puts into one field: as URL text (percent-encoded, for a path, a query or a form) and as
 * JSON literals (a number-like value goes both as a number and as a string, since a schema may take either).
 */
export type HostileValue = { label: string; encoded: string; json: readonly string[] };

const text = (value: string, label = JSON.stringify(value)): HostileValue => ({
  label,
  encoded: encodeURIComponent(value),
  json: [JSON.stringify(value)],
});
const numeric = (literal: string): HostileValue => ({
  label: literal,
  encoded: encodeURIComponent(literal),
  json: [literal, JSON.stringify(literal)],
});

export const HOSTILE_VALUES: readonly HostileValue[] = [
  numeric('0'),
  numeric('-1'),
  numeric('2147483648'),
  // 2^63: one past PostgreSQL's bigint, and past what a double holds exactly.
  numeric('9223372036854775808'),
  numeric('1e3'),
  text('0x10'),
  text(' 1'),
  text('abc'),
  // Digits, so that fields read as numbers meet it too.
  text('9'.repeat(10_000), '10,000 digits'),
  { label: 'text with NUL', encoded: 'a%00b', json: ['"a\\u0000b"'] },
  // Its UTF-8-like bytes (CESU-8) in a URL, which no valid UTF-8 has; a \uD800 escape in JSON.
  { label: 'lone surrogate', encoded: '%ED%A0%80', json: ['"\\uD800"'] },
  text('0000-01-01T00:00:00Z'),
  text('10000-01-01T00:00:00Z'),
  text('9999-12-31T23:59:59-14:00'),
];

const DEPTH = 20_000;
/** A JSON object nested 20,000 levels deep. */
export const DEEP_JSON = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

/** JSON bodies that try to reach Object.prototype through a parsed key, with the example's fields beside them. */
export const PROTOTYPE_KEYS: ReadonlyArray<{ label: string; json: string; form: [string, string] }> = [
  {
    label: '__proto__ key',
    json: '"__proto__":{"sweepPolluted":"yes"}',
    form: ['__proto__', 'sweepPolluted'],
  },
  {
    label: 'constructor.prototype key',
    json: '"constructor":{"prototype":{"sweepPolluted":"yes"}}',
    form: ['constructor.prototype', 'sweepPolluted'],
  },
];
