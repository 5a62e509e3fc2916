// Date arithmetic on 'YYYY-MM-DD' strings in UTC, so no local time zone can move a bill date.

export function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDay(date);
}

export function addMonths(day: string, months: number): string {
  const date = parseDay(day);
  const targetMonth = date.getUTCMonth() + months;
  const result = new Date(Date.UTC(date.getUTCFullYear(), targetMonth, 1));
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return formatDay(result);
}

export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function monthEnd(day: string): string {
  return addDays(addMonths(monthStart(day), 1), -1);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / 86_400_000);
}

/** A moment on the given day between 07:00 and 21:00 UTC: the same calendar day in London all year round. */
export function timeOnDay(day: string, fractionOfDay: number): Date {
  const seconds = 7 * 3600 + Math.floor(fractionOfDay * 14 * 3600);
  return new Date(parseDay(day).getTime() + seconds * 1000);
}
