import type { SpendLimit, SpendLimitStatus } from '@portal/contract';
import { formatMoney } from '../../lib/format';

/** The Spend Limit field of a first-carrier device (spec 4), in the order its rules apply. */
export type SpendLimitState =
  | { kind: 'lifted' }
  | { kind: 'unknown' }
  | { kind: 'enabled'; limitPence: number }
  | { kind: 'barred'; limitPence: number };

/** The ISO day (`yyyy-MM-dd`) of `date` in UK time, the calendar the carrier's dates are written in. */
function ukDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(date);
}

/** The 2nd day of the month after the month of `isoDay` (`2026-11-20` gives `2026-12-02`). */
function secondOfNextMonth(isoDay: string): string {
  const [year, month] = isoDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 2)).toISOString().slice(0, 10);
}

/**
 * Whether a spend limit's start date is in range (spec 4; docs/decisions/0091): it has started by the 2nd day of
 * next month (a limit for the coming month is already shown), and it has not ended (`effective_until`, when given,
 * is today or later). Days are UK days, as the carrier writes them.
 */
export function isSpendLimitCurrent(limit: Pick<SpendLimit, 'effective_from' | 'effective_until'>, now: Date): boolean {
  const today = ukDay(now);
  if (limit.effective_from > secondOfNextMonth(today)) return false;
  return limit.effective_until === undefined || limit.effective_until >= today;
}

export function spendLimitState(status: SpendLimitStatus, today: Date): SpendLimitState {
  if (status.lifted) return { kind: 'lifted' };
  const limit = status.spendLimit;
  if (limit === null || !isSpendLimitCurrent(limit, today)) return { kind: 'unknown' };
  return status.barApplied ? { kind: 'barred', limitPence: limit.value } : { kind: 'enabled', limitPence: limit.value };
}

/**
 * A lifted limit: the spec's 'lifted, limit reached', put in the order things happened and capitalised like the
 * other states (docs/decisions/0133).
 */
export const SPEND_LIMIT_LIFTED_TEXT = 'Limit reached, bar lifted';

/** The words of the field (spec 4): the limit is pence, shown in pounds to two decimals. */
export function spendLimitText(state: SpendLimitState): string {
  switch (state.kind) {
    case 'lifted':
      return SPEND_LIMIT_LIFTED_TEXT;
    case 'unknown':
      return 'Unknown';
    case 'enabled':
      return `Enabled, limit of ${formatMoney(state.limitPence / 100)}`;
    case 'barred':
      return `Barred, limit of ${formatMoney(state.limitPence / 100)}`;
  }
}

/** Only a limit that is monitored can be lifted: Enabled or Barred (spec 4, 'editable'). */
export function canLiftSpendLimit(state: SpendLimitState): boolean {
  return state.kind === 'enabled' || state.kind === 'barred';
}
