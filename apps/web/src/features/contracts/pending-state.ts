import { NOTIFICATION_MESSAGES, PENDING_THRESHOLD_DAYS, type PendingCheck } from '@portal/contract';

/**
 * Whether the device's actions may be offered (spec 4): 'checking' until the pending check answers, 'clear' when
 * nothing is in flight, otherwise the message to show in their place.
 */
export type PendingState =
  | { kind: 'checking' }
  | { kind: 'clear' }
  /** `stuck`: the request is overdue, or its state unknown, and the user should contact support. */
  | { kind: 'pending'; message: string; stuck: boolean };

const PROCESSING: PendingState = {
  kind: 'pending',
  message: NOTIFICATION_MESSAGES.pendingChangesProcessing,
  stuck: false,
};
const CONTACT_SUPPORT: PendingState = {
  kind: 'pending',
  message: NOTIFICATION_MESSAGES.pendingChangesContactSupport,
  stuck: true,
};

export function pendingState(check: {
  data: PendingCheck | undefined;
  failed: boolean;
  /** A dialog of this page closed with 'submit': a change was just requested. */
  markedPending: boolean;
}): PendingState {
  if (check.failed) return CONTACT_SUPPORT;
  if (check.data?.isPending && check.data.daysPending > PENDING_THRESHOLD_DAYS) return CONTACT_SUPPORT;
  if (check.markedPending || check.data?.isPending) return PROCESSING;
  return check.data === undefined ? { kind: 'checking' } : { kind: 'clear' };
}
