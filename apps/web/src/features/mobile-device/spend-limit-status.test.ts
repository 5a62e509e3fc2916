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
    expect(spendLimitText(state)).toBe('lifted, limit reached');
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
    const stale = spendLimitState(
      status({ barApplied: true, spendLimit: { value: 2550, effective_from: '2026-09-01' } }),
      TODAY,
    );
    expect(stale).toEqual({ kind: 'unknown' });
    expect(canLiftSpendLimit(stale)).toBe(false);
  });

  it('counts a period current from its start date to the 2nd of the next month, in UK days', () => {
    expect(isSpendLimitCurrent('2026-10-31', new Date('2026-11-02T23:30:00Z'))).toBe(true);
    expect(isSpendLimitCurrent('2026-10-31', new Date('2026-11-03T00:30:00Z'))).toBe(false);
    expect(isSpendLimitCurrent('2026-11-25', TODAY)).toBe(false);
    expect(isSpendLimitCurrent('2026-11-24', TODAY)).toBe(true);
    expect(isSpendLimitCurrent('2026-12-15', new Date('2027-01-02T12:00:00Z'))).toBe(true);
  });
});
