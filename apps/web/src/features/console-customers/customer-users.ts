import type { CustomerUser } from '@portal/contract';

/** A customer user's sign-in state as the console says it: held by the throttle, still to set a password, or neither. */
export function signInState(user: CustomerUser): string {
  if (user.throttled) {
    const minutes = Math.max(1, Math.ceil((user.throttledForSeconds ?? 0) / 60));
    return `Throttled (${minutes} min)`;
  }
  if (user.awaitingFirstPassword) return 'Awaiting first password';
  return 'Can sign in';
}
