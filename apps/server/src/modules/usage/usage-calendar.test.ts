import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, monthsEndingWith, ukDay } from './usage-calendar.js';
import { usageSeries } from './usage-series.js';

describe('the UK calendar of usage charts', () => {
  it('reads the day in London: summer time moves the day boundary an hour before UTC midnight', () => {
    expect(ukDay(new Date('2026-03-31T22:59:59Z'))).toBe('2026-03-31');
    expect(ukDay(new Date('2026-03-31T23:00:00Z'))).toBe('2026-04-01');
    expect(ukDay(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('lists the 12 months ending with the current one, across a year end', () => {
    expect(monthsEndingWith('2026-02-17', 12)).toEqual([
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('lists days inclusively, none when the first is after the last', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(addDays('2026-03-01', -29)).toBe('2026-01-31');
  });
});

describe('usage series', () => {
  it('has every period, zero where nothing was used, and cost on the second axis', () => {
    const series = usageSeries(
      ['2026-01-01', '2026-02-01'],
      [{ period: '2026-02-01', cost: 1.5, duration: 60, calls: 2, bytes: 1024 }],
    );
    expect(series).toEqual([
      {
        name: 'Cost',
        secondAxis: true,
        series: [
          { name: '2026-01-01', value: 0 },
          { name: '2026-02-01', value: 1.5 },
        ],
      },
      {
        name: 'Duration',
        series: [
          { name: '2026-01-01', value: 0 },
          { name: '2026-02-01', value: 60 },
        ],
      },
      {
        name: 'Calls',
        series: [
          { name: '2026-01-01', value: 0 },
          { name: '2026-02-01', value: 2 },
        ],
      },
      {
        name: 'Data',
        series: [
          { name: '2026-01-01', value: 0 },
          { name: '2026-02-01', value: 1024 },
        ],
      },
    ]);
  });
});
