/**
 * A value the hostile sweep puts into one field: as URL text (percent-encoded, for a path, a query or a form) and as
 * JSON literals (a number-like value goes both as a number and as a string, since a schema may take either).
 * `refused`: the value is never valid for the fields it is given to, so an answer below 400 is a failure too.
 */
export type HostileValue = { label: string; encoded: string; json: readonly string[]; refused?: true };

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

const refusedText = (value: string, label?: string): HostileValue => ({ ...text(value, label), refused: true });

/**
 * What every date field (z.iso.date) gets besides HOSTILE_VALUES: years PostgreSQL's `date` cannot hold (it has no
 * year 0) or four digits cannot write, the last day there is, and days no calendar has (refused wherever they go).
 */
export const HOSTILE_DATES: readonly HostileValue[] = [
  text('0000-01-01'),
  text('0000-12-31'),
  text('0000-02-29'),
  text('0001-01-01'),
  text('9999-12-31'),
  refusedText('2026-02-30'),
  refusedText('2026-02-29'),
  refusedText('10000-01-01'),
  refusedText('2026-11-21T00:00:00Z'),
];

/**
 * What every date-time field (z.iso.datetime, ApiDateTimeSchema) gets: instants whose offset carries them out of
 * the years PostgreSQL or four digits can hold, the largest offsets, and spellings no ISO 8601 date-time has.
 */
export const HOSTILE_DATE_TIMES: readonly HostileValue[] = [
  text('0000-01-01T00:00:00+14:00'),
  text('0001-01-01T00:00:00+14:00'),
  text('1000-01-01T00:00:00+14:00'),
  text('9999-12-31T23:59:59-14:00'),
  text('9999-12-31T23:59:59.999-00:01'),
  text('2026-06-01T12:00:00+23:59'),
  text('2026-06-01T12:00:00-23:59'),
  text('2026-06-01T12:00:00.123456789Z'),
  refusedText('2026-06-01T12:00:00+99:99'),
  refusedText('2026-06-01T24:00:00Z'),
  refusedText('2026-02-30T12:00:00Z'),
  refusedText('10000-01-01T00:00:00Z'),
  refusedText('2026-11-21'),
];

/**
 * Spellings JavaScript's Number() reads as a number that are not plain decimal digits, each made from the valid
 * value the example gives (for the supplier 27: `0x1b`, `2.7e1`, `%2027`): a numeric path or query parameter must
 * refuse every one, and `1e3` besides.
 */
export const NUMERIC_SPELLINGS: ReadonlyArray<{ label: string; spell(value: number): string }> = [
  { label: 'in hexadecimal (0x1b for 27)', spell: (value) => `0x${value.toString(16)}` },
  { label: 'with an exponent (2.7e1 for 27)', spell: (value) => `${value / 10}e1` },
  { label: 'with exponent 0 (27e0)', spell: (value) => `${value}e0` },
  { label: 'after a space (%2027)', spell: (value) => `%20${value}` },
  { label: 'before a space (27%20)', spell: (value) => `${value}%20` },
  { label: 'after a plus sign (%2B27)', spell: (value) => `%2B${value}` },
  { label: 'after a zero (027)', spell: (value) => `0${value}` },
  { label: 'with a decimal point (27.0)', spell: (value) => `${value}.0` },
  { label: '1e3', spell: () => '1e3' },
];

/** Names of only spaces: a field that is a name (a required string whose key ends in "name") must refuse them. */
export const BLANK_NAMES: readonly HostileValue[] = [
  refusedText(' ', 'a space'),
  refusedText('\t\u00a0 ', 'tab and spaces'),
];

/** A file part the sweep adds to a multipart body: its raw part headers (bytes, so they may hold any) and content. */
export type HostileFile = { label: string; headers: Buffer; content: 'image' | Buffer };

const disposition = (field: string, filename: string | Buffer) =>
  Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${field}"; `), Buffer.from(filename)]);
const withType = (head: Buffer, contentType: string | Buffer | undefined) =>
  contentType === undefined ? head : Buffer.concat([head, Buffer.from('\r\nContent-Type: '), Buffer.from(contentType)]);

/**
 * File parts with hostile names and content types, for `field` of a multipart endpoint: NUL (raw and RFC 5987
 * encoded), CR LF, path traversal, bytes that are not UTF-8, a name of 10,000 characters, and declared types that
 * are not images or not types at all. Each holds a real image unless it says otherwise, so it gets past the check
 * of its bytes and its name and type go as far as the server takes them.
 */
export function hostileFiles(field: string): HostileFile[] {
  const named = (label: string, filename: string | Buffer, contentType: string | Buffer = 'image/png') => ({
    label: `file name ${label}`,
    headers: withType(disposition(field, filename), contentType),
    content: 'image' as const,
  });
  const typed = (
    label: string,
    contentType: string | Buffer | undefined,
    content: HostileFile['content'] = 'image',
  ) => ({
    label: `content type ${label}`,
    headers: withType(disposition(field, 'filename="trace.png"'), contentType),
    content,
  });
  return [
    named('with NUL', 'filename="a\0b.png"'),
    named('with NUL, RFC 5987', "filename*=UTF-8''a%00b.png"),
    named('with CR LF', 'filename="a\r\nb.png"'),
    named('with CR LF, RFC 5987', "filename*=UTF-8''a%0D%0AX-Injected%3A%201.png"),
    named('of 10,000 characters', `filename="${'a'.repeat(10_000)}.png"`),
    named('with ../', 'filename="../../x.png"'),
    named('with ..\\', 'filename="..\\..\\x.png"'),
    named('absolute', 'filename="/etc/passwd"'),
    named(
      'of bytes not UTF-8',
      Buffer.concat([Buffer.from('filename="'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('.png"')]),
    ),
    named('with a lone surrogate, RFC 5987', "filename*=UTF-8''%ED%A0%80.png"),
    named('with a right-to-left override', 'filename="a\u202egnp.exe"'),
    named('empty', 'filename=""'),
    named('of dots', 'filename=".."'),
    typed('text/html', 'text/html'),
    typed('an executable', 'application/x-msdownload'),
    typed('missing', undefined),
    typed('with NUL', 'image/png\0'),
    typed('of 10,000 characters', `image/${'x'.repeat(10_000)}`),
    typed('multipart', 'multipart/mixed; boundary=inner'),
    typed(
      'image/svg+xml, of SVG with a script',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ),
    typed('image/png, of HTML', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>')),
  ];
}

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
