import { LINE_USAGE_SERIES, USAGE_SERIES, type UsageSeries } from '@portal/contract';

/** Usage of one period (a month 'YYYY-MM-01' or a day 'YYYY-MM-DD'). */
export type PeriodTotals = { period: string; cost: number; duration: number; calls: number; bytes: number };
export type PeriodBytes = { period: string; bytes: number };
export type PeriodSessions = { period: string; seconds: number; sessions: number };

/**
 * The four series of a usage chart over the given periods, every period present (zero where nothing was used),
 * so the chart's axis shows the quiet months too. Cost goes on the second axis: pounds sit on a scale of their
 * own beside seconds, calls and bytes.
 */
export function usageSeries(periods: readonly string[], totals: readonly PeriodTotals[]): UsageSeries[] {
  return [
    { name: USAGE_SERIES.cost, series: pointsOf(periods, totals, (t) => t.cost), secondAxis: true },
    { name: USAGE_SERIES.duration, series: pointsOf(periods, totals, (t) => t.duration) },
    { name: USAGE_SERIES.calls, series: pointsOf(periods, totals, (t) => t.calls) },
    { name: USAGE_SERIES.data, series: pointsOf(periods, totals, (t) => t.bytes) },
  ];
}

/** The one series of broadband usage: bytes per period. */
export function dataSeries(periods: readonly string[], totals: ReadonlyArray<PeriodBytes>): UsageSeries[] {
  return [{ name: USAGE_SERIES.data, series: pointsOf(periods, totals, (t) => t.bytes) }];
}

/** The two series of line usage: time online in seconds and the number of sessions, per period. */
export function sessionSeries(periods: readonly string[], totals: ReadonlyArray<PeriodSessions>): UsageSeries[] {
  return [
    { name: LINE_USAGE_SERIES.timeOnline, series: pointsOf(periods, totals, (t) => t.seconds) },
    { name: LINE_USAGE_SERIES.sessions, series: pointsOf(periods, totals, (t) => t.sessions) },
  ];
}

function pointsOf<T extends { period: string }>(
  periods: readonly string[],
  rows: readonly T[],
  pick: (row: T) => number,
) {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return periods.map((period) => {
    const found = byPeriod.get(period);
    return { name: period, value: found ? pick(found) : 0 };
  });
}
