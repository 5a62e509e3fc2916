// The en-GB formats of bill files (spec section 9): £1,234.56, dd/MM/yyyy, bytes in 1024 steps.

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const UP_TO_TWO = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Money held as whole pence, so sums never meet binary fractions: 123456 → '£1,234.56'. */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100);
}

/** A database amount in pounds (numeric(12, 2), read as a number) as whole pence. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** Rounds like PostgreSQL's round(numeric): halves away from zero, so our sums agree with the database's. */
export function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

export function formatCount(value: number): string {
  return WHOLE.format(value);
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy', by the digits: no time zone can move a calendar date. */
export function formatUkDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

export function addDaysToIsoDay(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → '1.5 KB': the portal's tables scale bytes in steps of 1024 (spec section 9). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? WHOLE.format(value) : UP_TO_TWO.format(value)} ${BYTE_UNITS[unit]}`;
}
