import type { ReportFrequency } from '@portal/contract';
import { CronExpressionParser } from 'cron-parser';
import { USAGE_TIME_ZONE, ukDay } from '../usage/usage-calendar.js';

// When reports are due and which months they cover, in London time as bills and usage are (docs/decisions/0216).

/** Weekly: Mondays at 07:00; monthly: the 6th at 07:00, the day after bills are issued on the 5th. */
const SCHEDULES: Record<ReportFrequency, string> = { weekly: '0 7 * * 1', monthly: '0 7 6 * *' };

/** The first time the frequency's schedule falls strictly after `after`, London time (summer time included). */
export function nextReportRun(frequency: ReportFrequency, after: Date): Date {
  return CronExpressionParser.parse(SCHEDULES[frequency], { currentDate: after, tz: USAGE_TIME_ZONE }).next().toDate();
}

export type BillMonth = { first: string; label: string };

const MONTH_LABEL = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthOf(first: string): BillMonth {
  return { first, label: MONTH_LABEL.format(new Date(`${first}T00:00:00Z`)) };
}

/** The bill month in progress in London at `moment` and the one before it ('YYYY-MM-01'). */
export function thisAndLastBillMonth(moment: Date): { current: BillMonth; previous: BillMonth } {
  const day = ukDay(moment);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  const first = (offset: number) => new Date(Date.UTC(year, month + offset, 1)).toISOString().slice(0, 10);
  return { current: monthOf(first(0)), previous: monthOf(first(-1)) };
}

/** The first day of the bill month 11 months before the one in progress: a bills summary covers 12 bill months. */
export function firstOfTwelveBillMonths(moment: Date): string {
  const day = ukDay(moment);
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 12, 1)).toISOString().slice(0, 10);
}

const LONDON_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: USAGE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '24 November 2026, 07:00 (London time)'. */
export function londonTime(moment: Date): string {
  return `${LONDON_TIME.format(moment).replace(' at ', ', ')} (London time)`;
}
