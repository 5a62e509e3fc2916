import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatDecibels,
  formatDuration,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumber,
  formatSpeed,
  formatTime,
} from './format';

describe('en-GB formatters', () => {
  it('formats money in pounds with two decimals', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(-12.345)).toBe('-£12.35');
  });

  it('formats numbers with up to two decimals', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(12)).toBe('12');
  });

  it('formats dates as dd/MM/yyyy in UK time', () => {
    expect(formatDate('2025-03-01T12:00:00Z')).toBe('01/03/2025');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatDate('2025-06-30T23:30:00Z')).toBe('01/07/2025');
  });

  it('formats times on a 24-hour clock and date-times without a comma', () => {
    expect(formatTime('2025-01-15T00:05:09Z')).toBe('00:05:09');
    expect(formatDateTime(new Date('2025-01-15T14:03:22Z'))).toBe('15/01/2025 14:03:22');
  });
});

describe('formatNumber digitsInfo', () => {
  it('follows minInt.minFrac-maxFrac', () => {
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(3, '2.2-2')).toBe('03.00');
    expect(formatNumber(1.23456, '1.1-3')).toBe('1.235');
    expect(formatNumber(1.2, '1.0-0')).toBe('1');
    expect(formatNumber(1234567.891, '1.2-2')).toBe('1,234,567.89');
    expect(formatNumber(-0.125, '1.0-2')).toBe('-0.13');
  });

  it('rejects a malformed digitsInfo', () => {
    expect(() => formatNumber(1, 'x')).toThrow(RangeError);
    expect(() => formatNumber(1, '1.3-1')).toThrow(RangeError);
  });
});

describe('formatDate patterns', () => {
  const winter = '2025-01-05T08:04:03Z';
  const summer = '2025-07-05T23:59:58Z'; // 00:59:58 on 6 July in London

  it('supports the spec patterns in UK time', () => {
    expect(formatDate(winter, 'dd/MM/yyyy')).toBe('05/01/2025');
    expect(formatDate(winter, 'dd/MM/yy HH:mm:ss')).toBe('05/01/25 08:04:03');
    expect(formatDate(winter, 'dd/MM/yyyy HH:mm:ss')).toBe('05/01/2025 08:04:03');
    expect(formatDate(winter, 'dd/MM/yyyy HH:mm')).toBe('05/01/2025 08:04');
    expect(formatDate(winter, 'HH:mm:ss')).toBe('08:04:03');
    expect(formatDate(summer, 'dd/MM/yy HH:mm:ss')).toBe('06/07/25 00:59:58');
    expect(formatDate(summer, 'HH:mm')).toBe('00:59');
  });

  it('accepts dates, ISO strings and epoch milliseconds; an invalid date is empty', () => {
    expect(formatDate(new Date(Date.UTC(2024, 1, 29)))).toBe('29/02/2024');
    expect(formatDate(Date.UTC(2024, 11, 31, 12))).toBe('31/12/2024');
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes month axes as Mon yy', () => {
    expect(formatMonth('2025-03-01')).toBe('Mar 25');
    expect(formatMonth('2024-09-15T12:00:00Z')).toBe('Sep 24');
    // Midnight of 1 October in London is still 30 September in UTC.
    expect(formatMonth('2024-09-30T23:30:00Z')).toBe('Oct 24');
  });
});

describe('formatBytes', () => {
  it('scales B, kB, MB, GB in 1024 steps with up to two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1 kB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(1234567890)).toBe('1.15 GB');
    // Not beyond GB outside tables.
    expect(formatBytes(5 * 1024 ** 4)).toBe('5,120 GB');
  });

  it('goes up to TB and writes KB in tables', () => {
    expect(formatBytes(2048, { table: true })).toBe('2 KB');
    expect(formatBytes(5 * 1024 ** 4, { table: true })).toBe('5 TB');
    expect(formatBytes(3 * 1024 ** 5, { table: true })).toBe('3,072 TB');
  });
});

describe('formatFileSize', () => {
  it('runs from B to YB with one decimal under 10', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(9.5 * 1024 ** 2)).toBe('9.5 MB');
    expect(formatFileSize(12.4 * 1024 ** 2)).toBe('12 MB');
    expect(formatFileSize(104_857_600)).toBe('100 MB');
    expect(formatFileSize(1.25 * 1024 ** 8)).toBe('1.3 YB');
    expect(formatFileSize(2048 * 1024 ** 8)).toBe('2,048 YB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatFileSize(1023.7 * 1024)).toBe('1 MB');
  });
});

describe('formatDuration', () => {
  it('writes days, hours, minutes and seconds, leaving zero units out', () => {
    expect(formatDuration(93_784)).toBe('1d 2h 3m 4s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(7_205)).toBe('2h 5s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.6)).toBe('1m');
    expect(formatDuration(-90)).toBe('-1m 30s');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it('can hide the seconds', () => {
    expect(formatDuration(93_784, { hideSeconds: true })).toBe('1d 2h 3m');
    expect(formatDuration(42, { hideSeconds: true })).toBe('0m');
  });

  it('shows only the largest unit on chart axes', () => {
    expect(formatDuration(10_800, { largestUnitOnly: true })).toBe('3h');
    expect(formatDuration(5_400, { largestUnitOnly: true })).toBe('1h');
    expect(formatDuration(93_784, { largestUnitOnly: true })).toBe('1d');
    expect(formatDuration(30, { largestUnitOnly: true })).toBe('30s');
  });
});

describe('formatSpeed and formatDecibels', () => {
  it('writes sync rates in Mb/s with two decimals', () => {
    expect(formatSpeed(12.345)).toBe('12.35 Mb/s');
    expect(formatSpeed(12.34)).toBe('12.34 Mb/s');
    expect(formatSpeed(80)).toBe('80.00 Mb/s');
  });

  it('writes attenuation in dB', () => {
    expect(formatDecibels(3.5)).toBe('3.5 dB');
    expect(formatDecibels(-1.234)).toBe('-1.23 dB');
  });
});
