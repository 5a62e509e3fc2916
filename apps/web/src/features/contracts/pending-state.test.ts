import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { pendingState } from './pending-state';

const processing = { kind: 'pending', message: NOTIFICATION_MESSAGES.pendingChangesProcessing, stuck: false };
const contactSupport = { kind: 'pending', message: NOTIFICATION_MESSAGES.pendingChangesContactSupport, stuck: true };

describe('device pending state (spec 4)', () => {
  it('waits for the check before offering the actions', () => {
    expect(pendingState({ data: undefined, failed: false, markedPending: false })).toEqual({ kind: 'checking' });
  });

  it('offers the actions when nothing is in flight', () => {
    const data = { isPending: false, daysPending: 0 };
    expect(pendingState({ data, failed: false, markedPending: false })).toEqual({ kind: 'clear' });
  });

  it('is being processed for up to 3 days, then asks the user to contact support', () => {
    const at = (daysPending: number) =>
      pendingState({ data: { isPending: true, daysPending }, failed: false, markedPending: false });
    expect(at(0)).toEqual(processing);
    expect(at(3)).toEqual(processing);
    expect(at(4)).toEqual(contactSupport);
  });

  it('asks the user to contact support when the check failed', () => {
    expect(pendingState({ data: undefined, failed: true, markedPending: false })).toEqual(contactSupport);
    expect(pendingState({ data: undefined, failed: true, markedPending: true })).toEqual(contactSupport);
  });

  it('is being processed once a dialog closed with submit, whatever the last check said', () => {
    expect(pendingState({ data: { isPending: false, daysPending: 0 }, failed: false, markedPending: true })).toEqual(
      processing,
    );
    expect(pendingState({ data: undefined, failed: false, markedPending: true })).toEqual(processing);
  });
});
