/**
 * en-GB / GBP formatters (spec section 9). Dates and times are shown in UK time whatever the browser's zone is,
 * so a bill dated 01/03/2025 reads the same for every user of the company.
 *
 * Styles chosen where the spec leaves a choice:
 * - Durations read `1d 2h 3m 4s`: whole units, largest first, zero units left out (`2h 5s`), `0s` for nothing
 *   (`0m` with seconds hidden). Seconds are rounded to whole seconds; hidden seconds are dropped, not rounded.
 *   `largestUnitOnly` (chart axes) keeps only the largest non-zero unit, truncated: 5400 s is `1h`.
 * - Sizes and speeds use en-GB digit grouping (`1,023 KB`, `1,000.00 Mb/s`); negative values keep their sign.
 * - An invalid date formats as '' rather than throwing, so one bad value cannot break a whole table.
 */

export const LOCALE = 'en-GB';
export const CURRENCY = 'GBP';
export const TIME_ZONE = 'Europe/London';

const moneyFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `£1,234.50` */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Angular's `digitsInfo`: `minIntegerDigits.minFractionDigits-maxFractionDigits`, each part optional. */
function parseDigitsInfo(digitsInfo: string): Intl.NumberFormatOptions {
  const match = /^(\d+)?(?:\.(\d+)?(?:-(\d+))?)?$/.exec(digitsInfo.trim());
  if (!match) throw new RangeError(`Invalid digitsInfo '${digitsInfo}': expected e.g. '1.0-2'`);
  const minimumIntegerDigits = match[1] === undefined ? 1 : Number(match[1]);
  const minimumFractionDigits = match[2] === undefined ? 0 : Number(match[2]);
  const maximumFractionDigits = match[3] === undefined ? Math.max(minimumFractionDigits, 3) : Number(match[3]);
  if (maximumFractionDigits < minimumFractionDigits) {
    throw new RangeError(`Invalid digitsInfo '${digitsInfo}': more minimum than maximum fraction digits`);
  }
  return { minimumIntegerDigits: Math.max(1, minimumIntegerDigits), minimumFractionDigits, maximumFractionDigits };
}

function numberFormatFor(digitsInfo: string): Intl.NumberFormat {
  let format = numberFormats.get(digitsInfo);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, parseDigitsInfo(digitsInfo));
    numberFormats.set(digitsInfo, format);
  }
  return format;
}

/** The spec's default number format: at least one integer digit, up to two decimals. */
export const DEFAULT_DIGITS_INFO = '1.0-2';

/**
 * Angular-style number format: `formatNumber(1234.5678)` is `1,234.57`, `formatNumber(3, '2.2-2')` is `03.00`.
 * `digitsInfo` is `minInt.minFrac-maxFrac` (default `1.0-2`).
 */
export function formatNumber(value: number, digitsInfo: string = DEFAULT_DIGITS_INFO): string {
  return numberFormatFor(digitsInfo).format(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

/** The patterns the portal shows (spec 9): bills, session and log timestamps, times. */
export type DatePattern =
  | 'dd/MM/yyyy'
  | 'dd/MM/yy HH:mm:ss'
  | 'dd/MM/yyyy HH:mm:ss'
  | 'dd/MM/yyyy HH:mm'
  | 'HH:mm:ss'
  | 'HH:mm'
  | 'MMM yy';

export const DATE_PATTERNS: readonly DatePattern[] = [
  'dd/MM/yyyy',
  'dd/MM/yy HH:mm:ss',
  'dd/MM/yyyy HH:mm:ss',
  'dd/MM/yyyy HH:mm',
  'HH:mm:ss',
  'HH:mm',
  'MMM yy',
];

// Fixed English abbreviations: newer CLDR data spells September 'Sept' in en-GB, the axes want three letters.
const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partsFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

interface UkDateParts {
  yyyy: string;
  MM: string;
  dd: string;
  HH: string;
  mm: string;
  ss: string;
}

/** The calendar and clock fields of `date` in UK time, zero-padded. */
function ukParts(date: Date): UkDateParts {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) parts[part.type] = part.value;
  return {
    yyyy: (parts.year ?? '').padStart(4, '0'),
    MM: parts.month ?? '',
    dd: parts.day ?? '',
    // Some engines write midnight as 24 even on a 23-hour cycle.
    HH: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    mm: parts.minute ?? '',
    ss: parts.second ?? '',
  };
}

const PATTERN_TOKENS = /yyyy|yy|MMM|MM|dd|HH|mm|ss/g;

/**
 * A date (or date-time) in UK time: `dd/MM/yyyy` by default; see {@link DatePattern} for the other patterns.
 * Returns '' for an invalid date.
 */
export function formatDate(value: DateInput, pattern: DatePattern = 'dd/MM/yyyy'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = ukParts(date);
  return pattern.replace(PATTERN_TOKENS, (token) => {
    switch (token) {
      case 'yy':
        return parts.yyyy.slice(-2);
      case 'MMM':
        return MONTH_ABBREVIATIONS[Number(parts.MM) - 1] ?? '';
      default:
        return parts[token as keyof UkDateParts];
    }
  });
}

/** `HH:mm:ss` (24-hour) */
export function formatTime(value: DateInput): string {
  return formatDate(value, 'HH:mm:ss');
}

/** `dd/MM/yyyy HH:mm:ss` */
export function formatDateTime(value: DateInput): string {
  return formatDate(value, 'dd/MM/yyyy HH:mm:ss');
}

/** Month axes: `Mar 25`. */
export function formatMonth(value: DateInput): string {
  return formatDate(value, 'MMM yy');
}

// ---------------------------------------------------------------------------------------------------------------
// Sizes, durations, speeds

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB'] as const;
const TABLE_BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Scales `bytes` by 1024 up to the last of `units`; returns the scaled value and its unit. */
function scale(bytes: number, units: readonly string[]): { value: number; unit: string; index: number } {
  let value = bytes;
  let index = 0;
  while (Math.abs(value) >= 1024 && index < units.length - 1) {
    value /= 1024;
    index += 1;
  }
  return { value, unit: units[index]!, index };
}

export interface FormatBytesOptions {
  /** Table cells: units run up to TB and the kilo unit is written `KB` (spec 9). */
  table?: boolean;
}

/**
 * Usage in bytes with 1024 steps and up to two decimals: `1.5 MB`. Units B, kB, MB, GB; in tables (`table: true`)
 * B, KB, MB, GB, TB.
 */
export function formatBytes(bytes: number, options: FormatBytesOptions = {}): string {
  const { value, unit } = scale(bytes, options.table ? TABLE_BYTE_UNITS : BYTE_UNITS);
  return `${formatNumber(value, '1.0-2')} ${unit}`;
}

/** File sizes, B to YB with 1024 steps; one decimal under 10 (`9.5 MB`), none from 10 (`12 MB`). */
export function formatFileSize(bytes: number): string {
  let { value, index } = scale(bytes, FILE_SIZE_UNITS);
  if (index > 0 && Math.abs(value) < 10) {
    return `${formatNumber(value, '1.0-1')} ${FILE_SIZE_UNITS[index]}`;
  }
  value = Math.round(value);
  // 1,023.6 KB rounds to 1,024 KB: say 1 MB instead.
  if (Math.abs(value) >= 1024 && index < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  return `${formatNumber(value, '1.0-1')} ${FILE_SIZE_UNITS[index]}`;
}

export interface FormatDurationOptions {
  /** Chart axes: only the largest non-zero unit, truncated (`3h`). */
  largestUnitOnly?: boolean;
  /** Leave the seconds out (`1d 2h 3m`). */
  hideSeconds?: boolean;
}

const DURATION_UNITS = [
  { suffix: 'd', seconds: 86_400 },
  { suffix: 'h', seconds: 3_600 },
  { suffix: 'm', seconds: 60 },
  { suffix: 's', seconds: 1 },
] as const;

/** A number of seconds as days, hours, minutes and seconds: `1d 2h 3m 4s`, `45s`, `0s` (see the file comment). */
export function formatDuration(seconds: number, options: FormatDurationOptions = {}): string {
  if (!Number.isFinite(seconds)) return '';
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.round(Math.abs(seconds));
  const units = options.hideSeconds ? DURATION_UNITS.slice(0, 3) : DURATION_UNITS;
  const parts: string[] = [];
  for (const unit of units) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) parts.push(`${count}${unit.suffix}`);
  }
  if (parts.length === 0) return `0${units[units.length - 1]!.suffix}`;
  return sign + (options.largestUnitOnly ? parts[0]! : parts.join(' '));
}

/** Sync rates: `12.34 Mb/s` (always two decimals). */
export function formatSpeed(mbps: number): string {
  return `${formatNumber(mbps, '1.2-2')} Mb/s`;
}

/** Line attenuation and noise margins: `3.5 dB` (up to two decimals). */
export function formatDecibels(db: number): string {
  return `${formatNumber(db, '1.0-2')} dB`;
}
