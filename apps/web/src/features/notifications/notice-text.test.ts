import { describe, expect, it } from 'vitest';
import { barSettling, bellLabel, canUndoBar } from './notice-text';

describe('bellLabel', () => {
  it('says the unread count, which the badge shows only to the eye', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });
});

describe('the bar of a notice', () => {
  const bar = (state: 'requested' | 'applied' | 'failed' | 'undoRequested' | 'undone') => ({
    bar: { kind: 'data' as const, state },
  });
  it('can be undone while it is on or on its way, and not once it failed or is being or was lifted', () => {
    expect(['requested', 'applied'].every((state) => canUndoBar(bar(state as 'applied')))).toBe(true);
    expect(['failed', 'undoRequested', 'undone'].some((state) => canUndoBar(bar(state as 'failed')))).toBe(false);
    expect(canUndoBar({ bar: null })).toBe(false);
  });
  it('is settling while the carrier has yet to answer', () => {
    expect(barSettling(bar('requested'))).toBe(true);
    expect(barSettling(bar('undoRequested'))).toBe(true);
    expect(barSettling(bar('applied'))).toBe(false);
  });
});
