/**
 * Whether this browser accepted the cookie notice (spec 2.3), kept in local storage so the notice stays away and the
 * login form can tell the server (docs/decisions/0012). The server records the acceptance after sign-in.
 */
const KEY = 'cookie_policy_accepted';

export function isCookiePolicyAccepted(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(KEY) !== null;
}

export function rememberCookiePolicyAccepted(
  date: Date = new Date(),
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  storage.setItem(KEY, date.toISOString());
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever this page records the acceptance; answers the function that stops it. */
export function subscribeToCookiePolicy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records the acceptance and tells the page's subscribers. */
export function acceptCookiePolicy(): void {
  rememberCookiePolicyAccepted();
  for (const listener of listeners) listener();
}
