import { z } from 'zod';
import { CountSchema, IdSchema, IsoDateSchema, MoneySchema, NonEmptyStringSchema } from '../primitives';

// The "Spend this month" forecast (docs/decisions/0215): the bill period's usage so far and where the daily run rate
// of the last complete days takes it by the period's end. Pounds sterling, VAT excluded, as usage always is.

/** The complete days the run rate averages when there is that much history. */
export const SPEND_FORECAST_RATE_DAYS = 7;

/** What one company's figure covers: everything it has, or only the part of it the caller is given to see. */
export const SPEND_FORECAST_COVERS = ['whole', 'part'] as const;

/** One company's figures. Each company is billed on its own, so each has its own: never one sum over several. */
export const SpendForecastCompanySchema = z.object({
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
  /** Whether the figures are of all the company's lines in the asked scope, or only of those the caller sees. */
  covers: z.enum(SPEND_FORECAST_COVERS),
  /** False when no line in scope has any usage this period yet: no forecast then. */
  hasUsage: z.boolean(),
  /** The period's usage from its first day to now (today's records so far included). */
  monthToDate: MoneySchema,
  /** The average cost of the complete days the rate is over, to the penny; null when there is no complete day. */
  dailyRate: MoneySchema.nullable(),
  /** How many complete days (up to 7, fewer when the usage history is shorter) the rate averages. */
  rateDays: CountSchema,
  /** Days of the period after today. */
  daysLeft: CountSchema,
  /** monthToDate + dailyRate × daysLeft; null without usage this period. */
  forecast: MoneySchema.nullable(),
  /** The method in words, with its figures. */
  method: NonEmptyStringSchema,
});
export type SpendForecastCompany = z.infer<typeof SpendForecastCompanySchema>;

export const SpendForecastSchema = z.object({
  /** The bill period: the London calendar month that holds today. */
  periodStart: IsoDateSchema,
  periodEnd: IsoDateSchema,
  /** When the period's invoice is billed: the 5th of the next month. */
  billDate: IsoDateSchema,
  /** The London day the figures run to (today, its records so far). */
  figuresTo: IsoDateSchema,
  currency: z.literal('GBP'),
  /** Always false: usage is priced without VAT, as the bill's usage lines are. */
  includesVat: z.literal(false),
  /** One entry per company the scope reaches: the company filter's one, or each of the caller's. */
  companies: z.array(SpendForecastCompanySchema),
});
export type SpendForecast = z.infer<typeof SpendForecastSchema>;

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/**
 * The forecast's method in words, shared so that the answer and any screen say it alike:
 * "Forecast: the daily average of the last 7 days (£12.34) times the 9 days left, plus the month to date."
 */
export function spendForecastMethod(
  figures: Pick<SpendForecastCompany, 'hasUsage' | 'dailyRate' | 'rateDays' | 'daysLeft'>,
): string {
  if (!figures.hasUsage) return 'No usage this month yet, so there is nothing to forecast.';
  if (figures.daysLeft === 0) return 'Forecast: the month to date, as today is the last day of the bill period.';
  if (figures.dailyRate === null || figures.rateDays === 0) {
    return 'Forecast: the month to date only, as there is no complete day of usage yet to take a daily average of.';
  }
  const over =
    figures.rateDays >= SPEND_FORECAST_RATE_DAYS
      ? `the last ${SPEND_FORECAST_RATE_DAYS} days`
      : `the ${days(figures.rateDays)} of usage so far (fewer than ${SPEND_FORECAST_RATE_DAYS} days of history)`;
  return `Forecast: the daily average of ${over} (${money.format(figures.dailyRate)}) times the ${days(figures.daysLeft)} left, plus the month to date.`;
}
