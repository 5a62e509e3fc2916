import { describe, expect, it } from 'vitest';
import { wholeDaysBetween } from './service.js';

describe('wholeDaysBetween', () => {
  const placed = new Date('2026-11-17T10:00:00Z');

  it('counts whole 24-hour periods, rounding down', () => {
    expect(wholeDaysBetween(placed, new Date('2026-11-17T23:59:59Z'))).toBe(0);
    expect(wholeDaysBetween(placed, new Date('2026-11-20T09:59:59Z'))).toBe(2);
    expect(wholeDaysBetween(placed, new Date('2026-11-20T10:00:00Z'))).toBe(3);
    expect(wholeDaysBetween(placed, new Date('2026-11-21T09:59:59Z'))).toBe(3);
    expect(wholeDaysBetween(placed, new Date('2026-11-21T10:00:00Z'))).toBe(4);
  });

  it('never goes below zero when the clocks disagree', () => {
    expect(wholeDaysBetween(placed, new Date('2026-11-17T09:00:00Z'))).toBe(0);
  });
});
