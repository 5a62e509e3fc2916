import type { SpendLimitStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { canLiftSpendLimit, isSpendLimitCurrent, spendLimitState, spendLimitText } from './spend-limit-status';

const TODAY = new Date('2026-11-24T10:00:00Z');

function status(overrides: Partial<SpendLimitStatus> = {}): SpendLimitStatus {
  return {
    lifted: false,
    barApplied: false,
    spendLimit: { value: 2550, effective_from: '2026-11-01' },
    ...overrides,
  };
}

describe('spend limit status (spec 4)', () => {
  it('says lifted before anything else, whatever the limit', () => {
    const state = spendLimitState(status({ lifted: true, barApplied: true, spendLimit: null }), TODAY);
    expect(spendLimitText(state)).toBe('Limit reached, bar lifted');
    expect(canLiftSpendLimit(state)).toBe(false);
  });

  it('is Unknown without a limit', () => {
    expect(spendLimitText(spendLimitState(status({ spendLimit: null }), TODAY))).toBe('Unknown');
  });

  it('is Enabled with the limit in pounds when no bar is applied', () => {
    const state = spendLimitState(status(), TODAY);
    expect(spendLimitText(state)).toBe('Enabled, limit of £25.50');
    expect(canLiftSpendLimit(state)).toBe(true);
  });

  it('is Barred with the limit when the bar is applied', () => {
    const state = spendLimitState(
      status({ barApplied: true, spendLimit: { value: 100000, effective_from: '2026-11-01' } }),
      TODAY,
    );
    expect(spendLimitText(state)).toBe('Barred, limit of £1,000.00');
    expect(canLiftSpendLimit(state)).toBe(true);
  });

  it('is Unknown, and cannot be lifted, when the start date is out of range', () => {
    const future = { value: 2550, effective_from: '2026-12-03' };
    const state = spendLimitState(status({ barApplied: true, spendLimit: future }), TODAY);
    expect(state).toEqual({ kind: 'unknown' });
    expect(canLiftSpendLimit(state)).toBe(false);
  });

  it('takes a start date up to the 2nd day of next month, in UK days, and a limit that has not ended', () => {
    const from = (effective_from: string, effective_until?: string) => ({
      effective_from,
      ...(effective_until ? { effective_until } : {}),
    });
    expect(isSpendLimitCurrent(from('2025-01-01'), TODAY)).toBe(true);
    expect(isSpendLimitCurrent(from('2026-12-02'), TODAY)).toBe(true);
    expect(isSpendLimitCurrent(from('2026-12-03'), TODAY)).toBe(false);
    // 23:30 UTC on 30 June is 1 July in London (BST): next month is then August.
    expect(isSpendLimitCurrent(from('2026-08-02'), new Date('2026-06-30T23:30:00Z'))).toBe(true);
    expect(isSpendLimitCurrent(from('2026-08-02'), new Date('2026-06-30T22:30:00Z'))).toBe(false);
    expect(isSpendLimitCurrent(from('2026-11-01', '2026-11-24'), TODAY)).toBe(true);
    expect(isSpendLimitCurrent(from('2026-11-01', '2026-11-23'), TODAY)).toBe(false);
    expect(isSpendLimitCurrent(from('2026-12-15'), new Date('2027-01-02T12:00:00Z'))).toBe(true);
  });
});
