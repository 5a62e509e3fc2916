/**
 * en-GB / GBP formatters (spec section 9). Dates and times are shown in UK time whatever the browser's zone is,
 * so a bill dated 01/03/2025 reads the same for every user of the company.
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

// Angular's default number format '1.0-2': at least one integer digit, up to two decimals.
const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `£1,234.50` */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}

/** `1,234.57`, `12`, `0.5` */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `dd/MM/yyyy` */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/** `HH:mm:ss` (24-hour) */
export function formatTime(value: DateInput): string {
  return timeFormat.format(toDate(value));
}

/** `dd/MM/yyyy HH:mm:ss` */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return `${formatDate(date)} ${formatTime(date)}`;
}
