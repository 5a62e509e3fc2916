import { NOTIFICATION_MESSAGES, PENDING_THRESHOLD_DAYS, type PendingCheck } from '@portal/contract';

/**
 * Whether the device's actions may be offered (spec 4): 'checking' until the pending check answers, 'clear' when
 * nothing is in flight, otherwise the message to show in their place.
 */
export type PendingState = { kind: 'checking' } | { kind: 'clear' } | { kind: 'pending'; message: string };

export function pendingState(check: {
  data: PendingCheck | undefined;
  failed: boolean;
  /** A dialog of this page closed with 'submit': a change was just requested. */
  markedPending: boolean;
}): PendingState {
  if (check.failed) return { kind: 'pending', message: NOTIFICATION_MESSAGES.pendingChangesContactSupport };
  if (check.data?.isPending && check.data.daysPending > PENDING_THRESHOLD_DAYS) {
    return { kind: 'pending', message: NOTIFICATION_MESSAGES.pendingChangesContactSupport };
  }
  if (check.markedPending || check.data?.isPending) {
    return { kind: 'pending', message: NOTIFICATION_MESSAGES.pendingChangesProcessing };
  }
  return check.data === undefined ? { kind: 'checking' } : { kind: 'clear' };
}
