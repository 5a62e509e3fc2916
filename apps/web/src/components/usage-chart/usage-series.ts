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
const DURATION_UNIT_NAMES: Readonly<Record<number, readonly [suffix: string, name: string]>> = {
  86400: ['d', 'days'],
  3600: ['h', 'hours'],
  60: ['m', 'minutes'],
  1: ['s', 'seconds'],
};
const BYTE_UNIT_NAMES: Readonly<Record<number, string>> = { [1024 ** 3]: 'GB', [1024 ** 2]: 'MB', 1024: 'kB', 1: 'B' };

/** The smallest of 1, 2, 5, 10, 20, 50 ... that is at least `value` (and at least 1). */
function niceMultiple(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= value) ?? 10 * power;
}

/** The largest unit of the scale that `max` reaches (1 for units without a scale: pounds, calls). */
export function axisBase(unit: UsageUnit, max: number): number {
  const steps = unit === 'duration' ? DURATION_STEPS : unit === 'bytes' ? BYTE_STEPS : [1];
  return steps.find((size) => max >= size) ?? 1;
}

/**
 * Tick values from 0 to just above `max` in whole units of the axis' base (see axisBase), so a duration axis reads
 * 0h, 5h, 10h rather than 0s, 11d, 23d (seconds cut at an awkward place), a bytes axis 0 GB, 2 GB, 4 GB, and a
 * calls axis 0, 5, 10, 15. Axes start at zero, so a bar's height is its value. Undefined for data reaching below
 * zero (a credit), whose range the chart works out itself.
 */
export function unitTicks(unit: UsageUnit, min: number, max: number): number[] | undefined {
  if (min < 0 || !Number.isFinite(max)) return undefined;
  const top = max > 0 ? max : 1;
  // Ticks are whole multiples of the largest unit the top value reaches: an axis label shows only that unit
  // (spec 9), so a tick of 90 seconds would read '1m' and two ticks could read the same.
  const base = axisBase(unit, top);
  const step = niceMultiple(top / base / 5) * base;
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** A tick label in the axis' base unit: `2 GB`, `10h`, `£40`, `1,500` (spec 9: durations show their largest unit). */
export function formatAxisTick(value: number, unit: UsageUnit, base: number): string {
  switch (unit) {
    case 'bytes':
      return `${formatNumber(value / base)} ${BYTE_UNIT_NAMES[base] ?? 'B'}`;
    case 'duration':
      return `${formatNumber(value / base)}${DURATION_UNIT_NAMES[base]?.[0] ?? 's'}`;
    default:
      return formatUsageValue(value, unit, 'axis');
  }
}

/** An axis title naming the unit its ticks are in: `Cost (£)`, `Duration (hours)`, `Data (GB)`, `Calls`. */
export function axisTitle(label: string, unit: UsageUnit, base: number): string {
  switch (unit) {
    case 'money':
      return `${label} (£)`;
    case 'duration':
      return `${label} (${DURATION_UNIT_NAMES[base]?.[1] ?? 'seconds'})`;
    case 'bytes':
      return `${label} (${BYTE_UNIT_NAMES[base] ?? 'B'})`;
    case 'speed':
      return `${label} (Mb/s)`;
    case 'decibels':
      return `${label} (dB)`;
    case 'count':
      return label;
  }
}

// Tick labels are 12 px text; digits and most letters are at most 7.5 px wide in the portal's system fonts.
const TICK_CHAR_PX = 7.5;
/** Tick mark, gap and the rotated axis title beside the labels. */
const AXIS_CHROME_PX = 34;

/**
 * The width a y-axis needs for its widest tick label and its title, so no label is ever cut ('1,...'): the ticks
 * are fixed (unitTicks), so the labels are known before the chart draws.
 */
export function axisWidth(tickLabels: readonly string[]): number {
  const widest = Math.max(0, ...tickLabels.map((label) => label.length));
  return Math.ceil(widest * TICK_CHAR_PX) + AXIS_CHROME_PX;
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

/** The UK calendar day of `now` as `YYYY-MM-DD`. */
export function ukToday(now: Date = new Date()): string {
  const [day, month, year] = formatDate(now, 'dd/MM/yyyy').split('/');
  return `${year}-${month}-${day}`;
}

/**
 * The position of the period still running (this month, or today on a daily chart) among `dates`, or -1: its figures
 * are so far only, and the chart marks them as such.
 */
export function runningPeriodIndex(dates: readonly string[], granularity: DateGranularity, today: string): number {
  const period = granularity === 'month' ? today.slice(0, 7) : today;
  return dates.findIndex((date) => (granularity === 'month' ? date.slice(0, 7) : date) === period);
}

export const TO_DATE = '(to date)';

/** A date of the chart as its axis, tooltip and table say it: the running period says it is to date. */
export function periodLabel(chart: UsageChartData, index: number): string {
  const date = chart.dates[index] ?? '';
  const text = formatAxisDate(date, chart.granularity);
  return index === chart.runningIndex ? `${text} ${TO_DATE}` : text;
}

export interface ChartLine {
  id: string;
  label: string;
  unit: UsageUnit;
  /** One value per date of the chart; null where the series has no point. */
  data: Array<number | null>;
}

/**
 * The series of one unit, drawn together against one labelled y-axis: a chart never makes two units share a scale,
 * nor draws a series without an axis of its own (decision 0065).
 */
export interface ChartMeasure {
  unit: UsageUnit;
  /** The names of its series, e.g. 'Calls' or 'Download, Upload'. */
  label: string;
  /** Totals per period are bars; levels (sync rates, attenuation) are straight lines between the points. */
  kind: 'bar' | 'line';
  lines: ChartLine[];
  /** The y-axis title with its unit, e.g. 'Duration (hours)'. */
  axisTitle: string;
  /** The unit its ticks are in (seconds in an hour, bytes in a GB...; 1 for pounds and counts). */
  base: number;
  min?: number;
  max?: number;
  /** Fixed tick values (see unitTicks); min and max then span them. */
  ticks?: number[];
}

export interface UsageChartData {
  /** Every date any series has, oldest first (ISO dates sort as text). */
  dates: string[];
  granularity: DateGranularity;
  /** Every series, in the API's order (the screen-reader table shows them all). */
  lines: ChartLine[];
  /** The series grouped by unit, in the order the units first come. */
  measures: ChartMeasure[];
  /** The position of the period still running among the dates, or -1. */
  runningIndex: number;
}

const LEVEL_UNITS: ReadonlySet<UsageUnit> = new Set(['speed', 'decibels']);

/**
 * Series in different units cannot share a scale (seconds, bytes and calls differ by orders of magnitude), so each
 * unit becomes a measure of its own, drawn on its own chart against its own titled axis starting at zero.
 * The API's `secondAxis` flag asked for a right-hand axis beside another unit's; with one unit a chart it has no
 * use. `today` (UK, `YYYY-MM-DD`) marks the running period.
 */
export function toUsageChartData(
  series: readonly UsageSeries[],
  fallback: DateGranularity,
  today: string = ukToday(),
): UsageChartData {
  const dates = [...new Set(series.flatMap((one) => one.series.map((point) => point.name)))].sort();
  const measures: ChartMeasure[] = [];
  const lines = series.map((one, index): ChartLine => {
    const unit = unitOfSeries(one.name);
    const byDate = new Map(one.series.map((point) => [point.name, point.value]));
    const line = { id: `series-${index}`, label: one.name, unit, data: dates.map((date) => byDate.get(date) ?? null) };
    const measure = measures.find((candidate) => candidate.unit === unit);
    if (measure) {
      measure.label = `${measure.label}, ${one.name}`;
      measure.lines.push(line);
    } else {
      measures.push({
        unit,
        label: one.name,
        kind: LEVEL_UNITS.has(unit) ? 'line' : 'bar',
        lines: [line],
        axisTitle: '',
        base: 1,
      });
    }
    const owner = measures.find((candidate) => candidate.unit === unit) as ChartMeasure;
    if (one.min !== undefined) owner.min = Math.min(owner.min ?? one.min, one.min);
    if (one.max !== undefined) owner.max = Math.max(owner.max ?? one.max, one.max);
    return line;
  });
  for (const measure of measures) fitAxis(measure);
  const granularity = dateGranularity(dates, fallback);
  return { dates, granularity, lines, measures, runningIndex: runningPeriodIndex(dates, granularity, today) };
}

/** Whole-unit ticks from zero unless the series fix their own range; the title names the ticks' unit. */
function fitAxis(measure: ChartMeasure): void {
  const values = measure.lines.flatMap((line) => line.data.filter((value): value is number => value !== null));
  const top = Math.max(0, ...values);
  measure.base = axisBase(measure.unit, measure.max ?? top);
  measure.axisTitle = axisTitle(measure.label, measure.unit, measure.base);
  if (measure.min !== undefined || measure.max !== undefined) return;
  const ticks = unitTicks(measure.unit, Math.min(0, ...values), top);
  if (ticks) Object.assign(measure, { ticks, min: 0, max: ticks.at(-1) });
}
