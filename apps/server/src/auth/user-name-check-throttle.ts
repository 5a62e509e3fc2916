import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';
import { addressKey } from './login-throttle.js';

/*
 * The username check says whether a name is taken by anyone, of any partner (sign-in names are global), so it is
 * rationed: per caller and per client address, each a fixed window (docs/decisions/0124). The user form checks once
 * typing pauses for 300 ms, a handful of times per name; 30 a minute is far above that and far below a list of who
 * exists. The counts live in Redis when REDIS_URL is set, shared by every instance, with this process's memory as
 * the library's insurance while Redis does not answer; otherwise in memory (decision 0196).
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

export function userNameCheckThrottle(limits: UserNameCheckLimits = USER_NAME_CHECK_LIMITS, redis?: Redis) {
  const limiter = (name: string, points: number): RateLimiterAbstract => {
    const inMemory = new RateLimiterMemory({ points, duration: limits.windowSeconds });
    if (!redis) return inMemory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `portal:throttle:user-name-check:${name}`,
      points,
      duration: limits.windowSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: inMemory,
    });
  };
  const perCaller = limiter('caller', limits.perCaller);
  const perAddress = limiter('address', limits.perAddress);
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
async function waitAfter(limiter: RateLimiterAbstract, key: string): Promise<number> {
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
