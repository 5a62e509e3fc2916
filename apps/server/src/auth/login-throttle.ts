import { isIPv4, isIPv6 } from 'node:net';

/*
 * Slows password guessing without locking anyone out for good (OWASP ASVS 5 V6.1.1, V6.3.1; modelled on
 * Keycloak's brute-force detection with permanent lockout off). Failed sign-ins are counted per username
 * (case-insensitive) and per client address (an IPv6 address counts as its /64 network). Past a scope's free
 * failures, each further failure makes that username or address wait before the next attempt: 1 s, then double,
 * up to 15 minutes. A success clears the username's count; a count is forgotten after a quiet period (12 hours
 * without a failure). See docs/decisions/0010-login-throttle-in-memory.md for the policy; where the counts live is
 * 0196's: in Redis when REDIS_URL is set (shared-login-throttle.ts), otherwise in this process's memory
 * (LocalLoginThrottle, at most `maxEntries` counts, oldest failure evicted first).
 *
 * Use: before verifying a password, `check()`; if not allowed, answer 429 with Retry-After: retryAfterSeconds and do
 * not verify. After verifying, `recordFailure()` or `recordSuccess()`.
 */

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type ThrottleScopeOptions = {
  /** Failures that bring no wait; each one past these brings a longer one. */
  freeFailures: number;
  /** A count with no failure for this long is forgotten. */
  quietPeriodMs: number;
};

export type LoginThrottleOptions = {
  perUsername: ThrottleScopeOptions;
  /** Looser than per username: a customer's staff may share one office address. */
  perAddress: ThrottleScopeOptions;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitMs: number;
  /** The longest wait: there is no permanent lockout. */
  maxWaitMs: number;
  /** Bound on the counts kept (usernames plus addresses), so a flood of made-up usernames cannot exhaust memory. */
  maxEntries: number;
  /** Milliseconds since the epoch; injectable for tests. */
  clock: () => number;
};

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  perUsername: { freeFailures: 5, quietPeriodMs: 12 * 60 * 60 * 1000 },
  perAddress: { freeFailures: 20, quietPeriodMs: 12 * 60 * 60 * 1000 },
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
  maxEntries: 100_000,
  // Read at each call, so a test's fake Date moves it.
  clock: () => Date.now(),
};

/** What the sign-in routes ask of a throttle, wherever it keeps its counts. */
export interface LoginThrottle {
  /** Whether a sign-in attempt may be verified now; if not, how many seconds until it may. */
  check(username: string, address: string | undefined): Promise<ThrottleDecision>;
  /** Counts a wrong password (or unknown username) for both the username and the address; returns the new state. */
  recordFailure(username: string, address: string | undefined): Promise<ThrottleDecision>;
  /** A correct password clears the username's count (not the address's: see LocalLoginThrottle.recordSuccess). */
  recordSuccess(username: string): Promise<void>;
  /**
   * Forgets the username's count, as a success would, for a partner's staff member unlocking a customer's user
   * (decision 0219). The address counts stay. False when the count could not be cleared everywhere it is kept (the
   * shared store did not answer): the caller should say so rather than claim the user can sign in.
   */
  clear(username: string): Promise<boolean>;
}

/** The wait a scope's `failures`-th failure brings, in milliseconds (0 while it is among the free ones). */
export function waitAfterFailures(
  failures: number,
  scope: ThrottleScopeOptions,
  options: LoginThrottleOptions,
): number {
  const excess = failures - scope.freeFailures;
  return excess > 0 ? Math.min(options.firstWaitMs * 2 ** (excess - 1), options.maxWaitMs) : 0;
}

type Count = { failures: number; lastFailureAt: number; blockedUntil: number };

// Real usernames have at most 50 characters; longer input shares a count with its first 100, bounding memory.
const MAX_KEY_LENGTH = 100;

export class LocalLoginThrottle {
  readonly #options: LoginThrottleOptions;
  /** Map order is least recently failed first, so expiry and eviction both take from the front. */
  readonly #counts = new Map<string, Count>();

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.#options = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    if (this.#options.maxEntries < 2) throw new RangeError('maxEntries must be at least 2');
  }

  /** Whether a sign-in attempt may be verified now; if not, how many seconds until it may. */
  check(username: string, address: string | undefined, now = this.#options.clock()): ThrottleDecision {
    let waitMs = 0;
    for (const { key, scope } of this.#keys(username, address)) {
      const count = this.#live(key, scope, now);
      if (count) waitMs = Math.max(waitMs, count.blockedUntil - now);
    }
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true };
  }

  /** Counts a wrong password (or unknown username) for both the username and the address; returns the new state. */
  recordFailure(username: string, address: string | undefined, now = this.#options.clock()): ThrottleDecision {
    for (const { key, scope } of this.#keys(username, address)) {
      const count = this.#live(key, scope, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 };
      count.failures += 1;
      count.lastFailureAt = now;
      const waitMs = waitAfterFailures(count.failures, scope, this.#options);
      if (waitMs > 0) count.blockedUntil = Math.max(count.blockedUntil, now + waitMs);
      this.#counts.delete(key);
      this.#counts.set(key, count);
    }
    this.#prune(now);
    return this.check(username, address, now);
  }

  /**
   * A correct password clears the username's count. The address's count stays (it fades after the quiet period),
   * so an attacker holding one valid account cannot sign in with it to wipe the count of their username spraying.
   */
  recordSuccess(username: string): void {
    this.#counts.delete(usernameKey(username));
  }

  /** Forgets the username's count (an unlock by the partner's staff, decision 0219); the address counts stay. */
  clear(username: string): void {
    this.#counts.delete(usernameKey(username));
  }

  /** How many counts are held (for tests and metrics). */
  get size(): number {
    return this.#counts.size;
  }

  #keys(username: string, address: string | undefined) {
    return throttleKeys(username, address, this.#options);
  }

  /** The count under `key` unless it has gone quiet, in which case it is dropped. */
  #live(key: string, scope: ThrottleScopeOptions, now: number): Count | undefined {
    const count = this.#counts.get(key);
    if (count && isQuiet(count, scope, now)) {
      this.#counts.delete(key);
      return undefined;
    }
    return count;
  }

  #prune(now: number): void {
    const longestQuiet = Math.max(this.#options.perUsername.quietPeriodMs, this.#options.perAddress.quietPeriodMs);
    for (const [key, count] of this.#counts) {
      const expired = now - count.lastFailureAt >= longestQuiet && count.blockedUntil <= now;
      if (!expired && this.#counts.size <= this.#options.maxEntries) break;
      this.#counts.delete(key);
    }
  }
}

function isQuiet(count: Count, scope: ThrottleScopeOptions, now: number): boolean {
  return now - count.lastFailureAt >= scope.quietPeriodMs && count.blockedUntil <= now;
}

/** The counts one attempt touches: its username's, and its address's when known. */
export function throttleKeys(username: string, address: string | undefined, options: LoginThrottleOptions) {
  const keys = [{ key: usernameKey(username), scope: options.perUsername }];
  if (address) keys.push({ key: `address:${addressKey(address)}`, scope: options.perAddress });
  return keys;
}

export function usernameKey(username: string): string {
  return `username:${username.toLowerCase().slice(0, MAX_KEY_LENGTH)}`;
}

/**
 * The unit an address is counted in: an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d), an
 * IPv6 address's /64 network (one subscriber usually holds a whole /64, so counting single addresses would let
 * them rotate through 2^64 of them).
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const withoutZone = trimmed.split('%', 1)[0] ?? '';
  if (!isIPv6(withoutZone)) return trimmed.slice(0, MAX_KEY_LENGTH);
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with '::' expanded and a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => Number.parseInt(group, 16));
}

/** The in-process throttle behind the asynchronous interface (one server, no REDIS_URL). */
export function inProcessLoginThrottle(local = new LocalLoginThrottle()): LoginThrottle {
  return {
    check: async (username, address) => local.check(username, address),
    recordFailure: async (username, address) => local.recordFailure(username, address),
    recordSuccess: async (username) => local.recordSuccess(username),
    clear: async (username) => {
      local.clear(username);
      return true;
    },
  };
}
