// Usage is bucketed by the UK calendar, as bills are: a call at 00:30 BST on the 1st belongs to the new month even
// though it is still the previous day in UTC. The rollups bucket with `AT TIME ZONE 'Europe/London'` (the seed and
// the call-detail trigger); these helpers give the same calendar on the application side.

export const USAGE_TIME_ZONE = 'Europe/London';

/** Months of the monthly chart: the current one and the 11 before it. */
export const MONTHS_SHOWN = 12;
/** Days of the broadband usage chart: today and the 29 before it. */
export const BROADBAND_DAYS_SHOWN = 30;

const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: USAGE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in the UK at the given moment, 'YYYY-MM-DD'. */
export function ukDay(moment: Date): string {
  return londonDay.format(moment);
}

/** 'YYYY-MM-01' of the `count` months ending with the one that holds `day`, oldest first. */
export function monthsEndingWith(day: string, count: number): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return date.toISOString().slice(0, 10);
  });
}

/** Every day from `first` to `last` inclusive, 'YYYY-MM-DD'; empty when `first` is after `last`. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let date = parseDay(first); date <= parseDay(last); date.setUTCDate(date.getUTCDate() + 1)) {
    days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The later of two 'YYYY-MM-DD' days (such days compare as their text does). */
export function laterDay(a: string, b: string): string {
  return a > b ? a : b;
}

/** The earlier of two 'YYYY-MM-DD' days. */
export function earlierDay(a: string, b: string): string {
  return a < b ? a : b;
}
