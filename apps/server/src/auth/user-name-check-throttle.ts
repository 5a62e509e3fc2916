import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';
import { addressKey } from './login-throttle.js';

/*
 * The username check says whether a name is taken by anyone, of any partner (sign-in names are global), so it is
 * rationed: per caller and per client address, each a fixed window (docs/decisions/0124). The user form checks once
 * typing pauses for 300 ms, a handful of times per name; 30 a minute is far above that and far below a list of who
 * exists. The counts live in this process's memory, as the sign-in throttle's do (decision 0010); the library's
 * Redis limiter takes the same options should the portal run as several processes.
 */

export type UserNameCheckLimits = {
  /** Checks one caller may make in a window. */
  perCaller: number;
  /** Checks from one address (an IPv6 address by its /64) in a window, whoever makes them: an office may share one. */
  perAddress: number;
  windowSeconds: number;
};

export const USER_NAME_CHECK_LIMITS: UserNameCheckLimits = { perCaller: 30, perAddress: 60, windowSeconds: 60 };

export type UserNameCheckThrottle = ReturnType<typeof userNameCheckThrottle>;

export function userNameCheckThrottle(limits: UserNameCheckLimits = USER_NAME_CHECK_LIMITS) {
  const perCaller = new RateLimiterMemory({ points: limits.perCaller, duration: limits.windowSeconds });
  const perAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
  return {
    /** Counts one check; throws a 429 with Retry-After once the caller or the address has had its share. */
    async take(userId: number, address: string | undefined): Promise<void> {
      const waits = await Promise.all([
        waitAfter(perCaller, `user:${userId}`),
        address ? waitAfter(perAddress, `address:${addressKey(address)}`) : 0,
      ]);
      const waitMs = Math.max(...waits);
      if (waitMs > 0) throw tooManyChecks(Math.ceil(waitMs / 1000));
    },
  };
}

/** 0 when the key still had a point to spend, otherwise how long until its window ends. */
async function waitAfter(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(rejection.msBeforeNext, 1);
    throw rejection;
  }
}

function tooManyChecks(retryAfterSeconds: number): HttpError {
  return new HttpError(429, `Too many username checks. Try again in ${retryAfterSeconds} seconds.`, {
    code: 'too_many_requests',
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
