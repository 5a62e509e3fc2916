import { SPEND_FORECAST_RATE_DAYS, type SpendForecastCompany, spendForecastMethod } from '@portal/contract';
import { addDays, daysBetween, laterDay, monthsEndingWith } from './usage-calendar.js';

// The arithmetic of "Spend this month" (docs/decisions/0215), apart from the database so that its calendar and
// rounding are tested on their own.

/** Invoices are billed on this day of the month after their period (the demo data's bills, db/seed/billing.ts). */
const BILL_DAY_OF_NEXT_MONTH = 5;

export type ForecastCalendar = {
  /** Today in London: the figures run to it, its records so far included. */
  today: string;
  periodStart: string;
  periodEnd: string;
  billDate: string;
  /** The first day usage_daily keeps: the first of last month. */
  windowStart: string;
  /** The first of the run rate's complete days: 7 days before today. */
  rateFirst: string;
  /** Days of the period after today. */
  daysLeft: number;
};

/** The bill period (the London calendar month) that holds `today`, and the days the forecast reads. */
export function forecastCalendar(today: string): ForecastCalendar {
  const [lastMonth, periodStart] = monthsEndingWith(today, 2) as [string, string];
  const nextMonth = monthsEndingWith(addDays(periodStart, 31), 1)[0]!;
  const periodEnd = addDays(nextMonth, -1);
  return {
    today,
    periodStart,
    periodEnd,
    billDate: addDays(nextMonth, BILL_DAY_OF_NEXT_MONTH - 1),
    windowStart: lastMonth,
    rateFirst: addDays(today, -SPEND_FORECAST_RATE_DAYS),
    daysLeft: daysBetween(addDays(today, 1), periodEnd).length,
  };
}

/** To the penny, as bills are. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100) / 100;
}

export type CompanySums = {
  monthToDate: number;
  hasUsage: boolean;
  /** Cost of the complete days from the calendar's rateFirst to yesterday. */
  rateCost: number;
  /** The first day with any usage from the window's start on; null for none. */
  firstDay: string | null;
};

/**
 * One company's figures. The rate averages the complete days of the last 7 that the lines have history for: all 7,
 * or fewer for lines whose usage began since; days without records inside the history count as nothing spent.
 * The rate is rounded to the penny before it is multiplied, so the sentence's arithmetic is exactly the figure's.
 */
export function companyForecast(
  sums: CompanySums,
  calendar: ForecastCalendar,
): Omit<SpendForecastCompany, 'companyId' | 'companyName' | 'covers'> {
  const yesterday = addDays(calendar.today, -1);
  const historyFirst = sums.firstDay === null ? null : laterDay(sums.firstDay, calendar.rateFirst);
  const rateDays = historyFirst === null ? 0 : daysBetween(historyFirst, yesterday).length;
  const dailyRate = rateDays > 0 ? toPence(sums.rateCost / rateDays) : null;
  const monthToDate = toPence(sums.monthToDate);
  const forecast = sums.hasUsage ? toPence(monthToDate + (dailyRate ?? 0) * calendar.daysLeft) : null;
  const figures = { hasUsage: sums.hasUsage, monthToDate, dailyRate, rateDays, daysLeft: calendar.daysLeft, forecast };
  return { ...figures, method: spendForecastMethod(figures) };
}
