import type { UsageSeries } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  dateGranularity,
  formatAxisDate,
  formatUsageValue,
  toUsageChartData,
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

  it('leaves other units, negative data and empty axes to the chart', () => {
    expect(unitTicks('money', 0, 3000)).toBeUndefined();
    expect(unitTicks('duration', -5, 3000)).toBeUndefined();
    expect(unitTicks('bytes', 0, 0)).toBeUndefined();
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
    const chart = toUsageChartData(series, 'day');
    expect(chart.dates).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(chart.granularity).toBe('month');
    expect(chart.lines.map((line) => line.data)).toEqual([
      [3, 4, null],
      [null, null, 2048],
      [1.5, null, 2],
    ]);
  });

  it('gives each unit its own axis: the first on the left, the second-axis series on the right', () => {
    const chart = toUsageChartData(series, 'day');
    expect(chart.lines.map((line) => line.axisId)).toEqual(['left-count', 'left-bytes', 'right-money']);
    expect(chart.axes).toEqual([
      { id: 'left-count', unit: 'count', position: 'left', label: 'Calls' },
      { id: 'left-bytes', unit: 'bytes', position: 'none', label: 'Data', min: 0 },
      { id: 'right-money', unit: 'money', position: 'right', label: 'Cost', max: 10 },
    ]);
  });

  it('shares an axis between series of one unit', () => {
    const chart = toUsageChartData(
      [
        { name: 'Download', series: [{ name: '2025-01-05', value: 1 }] },
        { name: 'Upload', series: [{ name: '2025-01-05', value: 2 }] },
      ],
      'month',
    );
    expect(chart.granularity).toBe('day');
    expect(chart.axes).toEqual([
      {
        id: 'left-bytes',
        unit: 'bytes',
        position: 'left',
        label: 'Download, Upload',
        min: 0,
        max: 2,
        ticks: [0, 1, 2],
      },
    ]);
  });
});
