import { USAGE_SERIES, type UsageSeries, type UsageSeriesName } from '@portal/contract';
import {
  formatBytes,
  formatDate,
  formatDecibels,
  formatDuration,
  formatMoney,
  formatMonth,
  formatNumber,
  formatSpeed,
} from '../../lib/format';

/**
 * Turning the API's usage series (spec 3) into what a chart draws, and the spec 9 formats of its axes: month axes
 * 'Mon yy', date axes dd/mm/yyyy, bytes in B/kB/MB/GB, durations as days to seconds (axes show the largest unit).
 */

export type UsageUnit = 'bytes' | 'duration' | 'money' | 'speed' | 'decibels' | 'count';

/** The series the usage calls name in the contract, and what each measures. */
const CONTRACT_UNITS: Readonly<Record<UsageSeriesName, UsageUnit>> = {
  [USAGE_SERIES.cost]: 'money',
  [USAGE_SERIES.duration]: 'duration',
  [USAGE_SERIES.calls]: 'count',
  [USAGE_SERIES.data]: 'bytes',
};

// Other series (the broadband line usage, say) tell what they measure only by their name's words. First match wins:
// 'Downstream Sync Rate' is a speed, 'Upstream Attenuation' decibels, 'Data Downloaded' bytes; else a plain count.
const UNIT_BY_NAME: ReadonlyArray<readonly [RegExp, UsageUnit]> = [
  [/\b(attenuation|snr|noise|margin)\b|\bdb\b/i, 'decibels'],
  [/\b(rate|speed|sync)\b|mb\/s/i, 'speed'],
  [/\b(cost|costs|spend|charge|charges|amount)\b|£/i, 'money'],
  [/\b(duration|minutes|seconds|time)\b/i, 'duration'],
  [/\b(data|bytes?|download|downloaded|upload|uploaded|kb|mb|gb)\b/i, 'bytes'],
];

export function unitOfSeries(name: string): UsageUnit {
  const known = CONTRACT_UNITS[name as UsageSeriesName] as UsageUnit | undefined;
  return known ?? UNIT_BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? 'count';
}

/** A value in its unit: `axis` is the short form of tick labels (durations keep only their largest unit). */
export function formatUsageValue(value: number, unit: UsageUnit, where: 'axis' | 'full' = 'full'): string {
  switch (unit) {
    case 'bytes':
      return formatBytes(value);
    case 'duration':
      return formatDuration(value, { largestUnitOnly: where === 'axis' });
    case 'money':
      // Axes say '£3,000' rather than '£3,000.00'; pence stay where they mean something.
      return where === 'axis' ? formatMoney(value).replace(/\.00$/, '') : formatMoney(value);
    case 'speed':
      return formatSpeed(value);
    case 'decibels':
      return formatDecibels(value);
    case 'count':
      return formatNumber(value);
  }
}

const DURATION_STEPS = [86_400, 3_600, 60, 1];
const BYTE_STEPS = [1024 ** 3, 1024 ** 2, 1024, 1];

/** The smallest of 1, 2, 5, 10, 20, 50 ... that is at least `value` (and at least 1). */
function niceMultiple(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= value) ?? 10 * power;
}

/**
 * Tick values from 0 to just above `max` in whole units of the axis' own scale, so a duration axis reads
 * 0d, 10d, 20d rather than 0s, 11d, 23d (seconds cut at an awkward place), and a bytes axis 0 GB, 200 GB, 400 GB.
 * Undefined for other units (their decimal ticks are already round) and for data reaching below zero.
 */
export function unitTicks(unit: UsageUnit, min: number, max: number): number[] | undefined {
  const steps = unit === 'duration' ? DURATION_STEPS : unit === 'bytes' ? BYTE_STEPS : undefined;
  if (!steps || min < 0 || !(max > 0)) return undefined;
  // Ticks are whole multiples of the largest unit the top value reaches: an axis label shows only that unit
  // (spec 9), so a tick of 90 seconds would read '1m' and two ticks could read the same.
  const base = steps.find((size) => max >= size) ?? 1;
  const step = niceMultiple(max / base / 5) * base;
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

export type DateGranularity = 'month' | 'day';

/**
 * Months arrive as `YYYY-MM-01`, days as `YYYY-MM-DD`. Any date off the 1st means days; several dates all on the 1st
 * mean months; a lone 1st is ambiguous, so the tab's own kind decides.
 */
export function dateGranularity(dates: readonly string[], fallback: DateGranularity): DateGranularity {
  if (dates.some((date) => !date.endsWith('-01'))) return 'day';
  return dates.length > 1 ? 'month' : fallback;
}

/** `Mar 25` on month axes, `01/03/2025` on date axes. */
export function formatAxisDate(date: string, granularity: DateGranularity): string {
  return granularity === 'month' ? formatMonth(date) : formatDate(date, 'dd/MM/yyyy');
}

export interface ChartLine {
  id: string;
  label: string;
  unit: UsageUnit;
  /** The id of the y-axis it is drawn against. */
  axisId: string;
  /** One value per date of the chart; null where the series has no point. */
  data: Array<number | null>;
}

export interface ChartAxis {
  id: string;
  unit: UsageUnit;
  /** Where the axis is drawn; 'none' scales its series without a visible axis (see toUsageChartData). */
  position: 'left' | 'right' | 'none';
  /** The names of the series it measures, shown beside it. */
  label: string;
  min?: number;
  max?: number;
  /** Fixed tick values in whole units (see unitTicks); min and max then span them. */
  ticks?: number[];
}

export interface UsageChartData {
  /** Every date any series has, oldest first (ISO dates sort as text). */
  dates: string[];
  granularity: DateGranularity;
  lines: ChartLine[];
  axes: ChartAxis[];
}

/**
 * Series in different units cannot share a scale (seconds, bytes and calls differ by orders of magnitude), so each
 * unit on each side gets its own y-axis. The first unit of the main series is drawn on the left and the first unit of
 * the `secondAxis` series on the right (spec 2.8); any further unit keeps its own scale without a drawn axis, so its
 * line still shows its trend, and its values read in the tooltip and the screen-reader table.
 */
export function toUsageChartData(series: readonly UsageSeries[], fallback: DateGranularity): UsageChartData {
  const dates = [...new Set(series.flatMap((one) => one.series.map((point) => point.name)))].sort();
  const axes: ChartAxis[] = [];
  const lines = series.map((one, index): ChartLine => {
    const unit = unitOfSeries(one.name);
    const side = one.secondAxis ? 'right' : 'left';
    const axisId = `${side}-${unit}`;
    let axis = axes.find((candidate) => candidate.id === axisId);
    if (!axis) {
      const sideTaken = axes.some((candidate) => candidate.position === side);
      axis = { id: axisId, unit, position: sideTaken ? 'none' : side, label: one.name };
      axes.push(axis);
    } else {
      axis.label = `${axis.label}, ${one.name}`;
    }
    if (one.min !== undefined) axis.min = Math.min(axis.min ?? one.min, one.min);
    if (one.max !== undefined) axis.max = Math.max(axis.max ?? one.max, one.max);
    const byDate = new Map(one.series.map((point) => [point.name, point.value]));
    return {
      id: `series-${index}`,
      label: one.name,
      unit,
      axisId,
      data: dates.map((date) => byDate.get(date) ?? null),
    };
  });
  for (const axis of axes) {
    // Series that fix their own range keep it; otherwise durations and bytes get ticks in whole units.
    if (axis.min !== undefined || axis.max !== undefined) continue;
    const values = lines
      .filter((line) => line.axisId === axis.id)
      .flatMap((line) => line.data.filter((value): value is number => value !== null));
    const ticks = values.length > 0 ? unitTicks(axis.unit, Math.min(...values), Math.max(...values)) : undefined;
    if (ticks) Object.assign(axis, { ticks, min: 0, max: ticks.at(-1) });
  }
  return { dates, granularity: dateGranularity(dates, fallback), lines, axes };
}
