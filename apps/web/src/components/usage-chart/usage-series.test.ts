import type { UsageSeries } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  axisTitle,
  axisWidth,
  dateGranularity,
  formatAxisDate,
  formatAxisTick,
  formatUsageValue,
  periodLabel,
  runningPeriodIndex,
  toUsageChartData,
  ukToday,
  unitOfSeries,
  unitTicks,
} from './usage-series';

describe('unitOfSeries', () => {
  it('knows the series the usage calls send', () => {
    expect(['Cost', 'Duration', 'Calls', 'Data'].map(unitOfSeries)).toEqual(['money', 'duration', 'count', 'bytes']);
  });

  it('reads other series by their words', () => {
    expect(unitOfSeries('Downstream Sync Rate')).toBe('speed');
    expect(unitOfSeries('Upstream Attenuation')).toBe('decibels');
    expect(unitOfSeries('Data Downloaded')).toBe('bytes');
    expect(unitOfSeries('Session Time')).toBe('duration');
    expect(unitOfSeries('Texts')).toBe('count');
  });
});

describe('axis and value formats (spec 9)', () => {
  it('writes month axes Mon yy and date axes dd/mm/yyyy', () => {
    expect(formatAxisDate('2025-03-01', 'month')).toBe('Mar 25');
    expect(formatAxisDate('2025-09-01', 'month')).toBe('Sep 25');
    expect(formatAxisDate('2025-03-07', 'day')).toBe('07/03/2025');
  });

  it('scales bytes by 1024 and keeps only the largest duration unit on axes', () => {
    expect(formatUsageValue(1536, 'bytes', 'axis')).toBe('1.5 kB');
    expect(formatUsageValue(3 * 1024 ** 3, 'bytes')).toBe('3 GB');
    expect(formatUsageValue(5400, 'duration', 'axis')).toBe('1h');
    expect(formatUsageValue(5400, 'duration')).toBe('1h 30m');
    expect(formatUsageValue(12.5, 'money')).toBe('£12.50');
    expect(formatUsageValue(3000, 'money', 'axis')).toBe('£3,000');
    expect(formatUsageValue(12.5, 'money', 'axis')).toBe('£12.50');
    expect(formatUsageValue(1234, 'count')).toBe('1,234');
    expect(formatUsageValue(40, 'speed')).toBe('40.00 Mb/s');
  });

  it('tells months from days by the dates, and a lone 1st by the tab', () => {
    expect(dateGranularity(['2025-01-01', '2025-02-01'], 'day')).toBe('month');
    expect(dateGranularity(['2025-01-01', '2025-01-02'], 'month')).toBe('day');
    expect(dateGranularity(['2025-01-01'], 'month')).toBe('month');
    expect(dateGranularity(['2025-01-01'], 'day')).toBe('day');
  });
});

describe('unitTicks', () => {
  it('ticks durations in whole days, hours or minutes', () => {
    // 38 days at most: 0d, 10d, 20d, 30d, 40d rather than cuts of seconds.
    expect(unitTicks('duration', 0, 38 * 86_400)).toEqual([0, 10, 20, 30, 40].map((days) => days * 86_400));
    expect(unitTicks('duration', 100, 5 * 3_600)).toEqual([0, 1, 2, 3, 4, 5].map((hours) => hours * 3_600));
    expect(unitTicks('duration', 0, 90)).toEqual([0, 60, 120]);
  });

  it('ticks bytes in whole units of 1024', () => {
    expect(unitTicks('bytes', 0, 1.3 * 1024 ** 4)).toEqual([0, 500, 1000, 1500].map((gb) => gb * 1024 ** 3));
    expect(unitTicks('bytes', 0, 3 * 1024 ** 2)).toEqual([0, 1, 2, 3].map((mb) => mb * 1024 ** 2));
  });

  it('ticks money and counts from zero in round steps', () => {
    // acme.mobile's calls: 10 to 16 a month are drawn from zero, not from the smallest month.
    expect(unitTicks('count', 10, 16)).toEqual([0, 5, 10, 15, 20]);
    expect(unitTicks('money', 0, 3000)).toEqual([0, 1000, 2000, 3000]);
    expect(unitTicks('money', 0, 3.72)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives an axis of nothing but zeros a scale, and leaves data below zero to the chart', () => {
    expect(unitTicks('count', 0, 0)).toEqual([0, 1]);
    expect(unitTicks('duration', -5, 3000)).toBeUndefined();
  });
});

describe('axis titles and tick labels', () => {
  it('title each axis with the unit its ticks are in', () => {
    expect(axisTitle('Cost', 'money', 1)).toBe('Cost (£)');
    expect(axisTitle('Duration', 'duration', 3_600)).toBe('Duration (hours)');
    expect(axisTitle('Duration', 'duration', 86_400)).toBe('Duration (days)');
    expect(axisTitle('Data', 'bytes', 1024 ** 3)).toBe('Data (GB)');
    expect(axisTitle('Calls', 'count', 1)).toBe('Calls');
    expect(axisTitle('Sync Rate', 'speed', 1)).toBe('Sync Rate (Mb/s)');
  });

  it('write ticks in the axis unit, zero included', () => {
    expect([0, 2, 4].map((gb) => formatAxisTick(gb * 1024 ** 3, 'bytes', 1024 ** 3))).toEqual(['0 GB', '2 GB', '4 GB']);
    expect([0, 5].map((hours) => formatAxisTick(hours * 3_600, 'duration', 3_600))).toEqual(['0h', '5h']);
    expect(formatAxisTick(1500, 'count', 1)).toBe('1,500');
    expect(formatAxisTick(4000, 'money', 1)).toBe('£4,000');
  });

  it('make an axis wide enough for its widest tick label', () => {
    expect(axisWidth(['0', '1,500'])).toBeGreaterThan(axisWidth(['0', '800']));
    expect(axisWidth(['0', '1,500'])).toBeGreaterThanOrEqual(5 * 7 + 30);
  });
});

describe('the period still running', () => {
  it('is this month on a monthly chart and today on a daily one', () => {
    expect(runningPeriodIndex(['2026-10-01', '2026-11-01'], 'month', '2026-11-20')).toBe(1);
    expect(runningPeriodIndex(['2026-09-01', '2026-10-01'], 'month', '2026-11-20')).toBe(-1);
    expect(runningPeriodIndex(['2026-11-19', '2026-11-20'], 'day', '2026-11-20')).toBe(1);
  });

  it('is named to date', () => {
    const chart = toUsageChartData(
      [{ name: 'Calls', series: ['2026-10-01', '2026-11-01'].map((name) => ({ name, value: 3 })) }],
      'month',
      '2026-11-20',
    );
    expect([0, 1].map((index) => periodLabel(chart, index))).toEqual(['Oct 26', 'Nov 26 (to date)']);
  });

  it("takes today's date in the UK", () => {
    // 23:30 UTC on 31 March 2026 is already 1 April in London (BST).
    expect(ukToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  });
});

describe('toUsageChartData', () => {
  const series: UsageSeries[] = [
    {
      name: 'Calls',
      series: [
        { name: '2025-02-01', value: 4 },
        { name: '2025-01-01', value: 3 },
      ],
    },
    { name: 'Data', series: [{ name: '2025-03-01', value: 2048 }], min: 0 },
    {
      name: 'Cost',
      secondAxis: true,
      series: [
        { name: '2025-01-01', value: 1.5 },
        { name: '2025-03-01', value: 2 },
      ],
      max: 10,
    },
  ];

  it('puts every date in order and leaves gaps where a series has no point', () => {
    const chart = toUsageChartData(series, 'day', '2026-01-01');
    expect(chart.dates).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(chart.granularity).toBe('month');
    expect(chart.runningIndex).toBe(-1);
    expect(chart.lines.map((line) => line.data)).toEqual([
      [3, 4, null],
      [null, null, 2048],
      [1.5, null, 2],
    ]);
  });

  it('gives each unit a chart of its own with a titled axis, whatever the second-axis flag says', () => {
    const chart = toUsageChartData(series, 'day', '2026-01-01');
    expect(
      chart.measures.map(({ unit, label, kind, axisTitle, min, max, ticks }) => ({
        unit,
        label,
        kind,
        axisTitle,
        min,
        max,
        ticks,
      })),
    ).toEqual([
      { unit: 'count', label: 'Calls', kind: 'bar', axisTitle: 'Calls', min: 0, max: 4, ticks: [0, 1, 2, 3, 4] },
      // A series fixing its own range keeps it.
      { unit: 'bytes', label: 'Data', kind: 'bar', axisTitle: 'Data (kB)', min: 0, max: undefined, ticks: undefined },
      { unit: 'money', label: 'Cost', kind: 'bar', axisTitle: 'Cost (£)', min: undefined, max: 10, ticks: undefined },
    ]);
    expect(chart.measures.map((measure) => measure.lines.map((line) => line.label))).toEqual([
      ['Calls'],
      ['Data'],
      ['Cost'],
    ]);
  });

  it('draws series of one unit together, and levels as straight lines', () => {
    const chart = toUsageChartData(
      [
        { name: 'Download', series: [{ name: '2025-01-05', value: 1 }] },
        { name: 'Upload', series: [{ name: '2025-01-05', value: 2 }] },
        { name: 'Downstream Sync Rate', series: [{ name: '2025-01-05', value: 40 }] },
      ],
      'month',
      '2026-01-01',
    );
    expect(chart.granularity).toBe('day');
    expect(chart.measures.map(({ label, kind, axisTitle, ticks }) => ({ label, kind, axisTitle, ticks }))).toEqual([
      { label: 'Download, Upload', kind: 'bar', axisTitle: 'Download, Upload (B)', ticks: [0, 1, 2] },
      {
        label: 'Downstream Sync Rate',
        kind: 'line',
        axisTitle: 'Downstream Sync Rate (Mb/s)',
        ticks: [0, 10, 20, 30, 40],
      },
    ]);
  });
});
