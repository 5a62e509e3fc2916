import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from './format';

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
