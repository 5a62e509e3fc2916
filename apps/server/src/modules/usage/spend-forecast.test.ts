import { describe, expect, it } from 'vitest';
import { companyForecast, forecastCalendar } from './spend-forecast.js';

describe('forecastCalendar', () => {
  it('is the London calendar month, billed on the 5th of the next, December into the new year', () => {
    expect(forecastCalendar('2026-12-31')).toEqual({
      today: '2026-12-31',
      periodStart: '2026-12-01',
      periodEnd: '2026-12-31',
      billDate: '2027-01-05',
      windowStart: '2026-11-01',
      rateFirst: '2026-12-24',
      daysLeft: 0,
    });
    expect(forecastCalendar('2028-02-01')).toMatchObject({
      periodEnd: '2028-02-29',
      billDate: '2028-03-05',
      windowStart: '2028-01-01',
      rateFirst: '2028-01-25',
      daysLeft: 28,
    });
  });
});

describe('companyForecast', () => {
  const calendar = forecastCalendar('2026-11-21');

  it('adds the rate of the last 7 complete days, rounded to the penny first, times the days left', () => {
    const figures = companyForecast(
      { monthToDate: 100.004, hasUsage: true, rateCost: 86.4, firstDay: '2026-10-01' },
      calendar,
    );
    // 86.40 / 7 = 12.342857… → £12.34; 9 days left.
    expect(figures).toMatchObject({ monthToDate: 100, dailyRate: 12.34, rateDays: 7, daysLeft: 9, forecast: 211.06 });
    expect(figures.method).toBe(
      'Forecast: the daily average of the last 7 days (£12.34) times the 9 days left, plus the month to date.',
    );
  });

  it('averages fewer days when the history began since, and none when it began today', () => {
    expect(
      companyForecast({ monthToDate: 10, hasUsage: true, rateCost: 9, firstDay: '2026-11-18' }, calendar),
    ).toMatchObject({ rateDays: 3, dailyRate: 3, forecast: 37 });
    const today = companyForecast({ monthToDate: 2, hasUsage: true, rateCost: 0, firstDay: '2026-11-21' }, calendar);
    expect(today).toMatchObject({ rateDays: 0, dailyRate: null, forecast: 2 });
    expect(today.method).toContain('no complete day of usage yet');
  });

  it('forecasts nothing without usage this month', () => {
    expect(
      companyForecast({ monthToDate: 0, hasUsage: false, rateCost: 5, firstDay: '2026-10-03' }, calendar),
    ).toMatchObject({
      hasUsage: false,
      forecast: null,
      method: 'No usage this month yet, so there is nothing to forecast.',
    });
  });
});
