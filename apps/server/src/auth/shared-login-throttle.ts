import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  LOGIN_THROTTLE_DEFAULTS,
  LocalLoginThrottle,
  type LoginThrottle,
  type LoginThrottleOptions,
  type ThrottleDecision,
  type ThrottleScopeOptions,
  throttleKeys,
  usernameKey,
  waitAfterFailures,
} from './login-throttle.js';

/*
 * The sign-in throttle of several server instances: each username's and address's failures are one Redis counter
 * that every instance increments (rate-limiter-flexible's RateLimiterRedis, decision 0196). The counter's time to
 * live restarts at each failure, so it tells both how many failures there were and how long ago the last one was,
 * which is all the policy of 0010 needs: the wait runs from the last failure.
 *
 * While Redis cannot be reached, each instance counts in its own memory (LocalLoginThrottle) from the outage's
 * start, and an error is logged: sign-in keeps working, throttled per instance as it was before Redis, never
 * unthrottled and never refused because Redis is down. (Mirroring every count locally as well would carry into an
 * outage the failures of users who have since signed in through another instance, and make them wait.)
 */

// The library's own script keeps the first failure's expiry; the policy forgets a count a quiet period after the last.
const COUNT_WITH_SLIDING_EXPIRY = `local failures = redis.call('incrby', KEYS[1], ARGV[1])
redis.call('expire', KEYS[1], ARGV[2])
return {failures, 1000 * tonumber(ARGV[2])}`;

// The counters never refuse by themselves: the waits are this module's.
const UNLIMITED = Number.MAX_SAFE_INTEGER;
// Under a guessing attack during an outage every attempt falls back: one error a minute says so.
const FALLBACK_LOG_INTERVAL_MS = 60_000;

export class SharedLoginThrottle implements LoginThrottle {
  readonly #options: LoginThrottleOptions;
  readonly #counters = new Map<ThrottleScopeOptions, RateLimiterRedis>();
  readonly #local: LocalLoginThrottle;
  readonly #log: FastifyBaseLogger;
  #lastFallbackLoggedAt = Number.NEGATIVE_INFINITY;

  /** `name` keeps apart the throttles that share one Redis (sign-in, password recovery). */
  constructor(redis: Redis, name: string, log: FastifyBaseLogger, options: Partial<LoginThrottleOptions> = {}) {
    this.#options = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    this.#local = new LocalLoginThrottle(this.#options);
    this.#log = log;
    for (const scope of [this.#options.perUsername, this.#options.perAddress]) {
      const counter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `portal:throttle:${name}`,
        points: UNLIMITED,
        duration: Math.ceil(scope.quietPeriodMs / 1000),
        customIncrTtlLuaScript: COUNT_WITH_SLIDING_EXPIRY,
        rejectIfRedisNotReady: true,
      });
      this.#counters.set(scope, counter);
    }
  }

  async check(username: string, address: string | undefined): Promise<ThrottleDecision> {
    const shared = await this.#shared('check', () =>
      Promise.all(
        throttleKeys(username, address, this.#options).map(async ({ key, scope }) => {
          const count = await this.#counter(scope).get(key);
          return count ? this.#waitLeft(count, scope) : 0;
        }),
      ),
    );
    return shared ? decision(Math.max(0, ...shared)) : this.#local.check(username, address);
  }

  async recordFailure(username: string, address: string | undefined): Promise<ThrottleDecision> {
    const shared = await this.#shared('recordFailure', () =>
      Promise.all(
        throttleKeys(username, address, this.#options).map(async ({ key, scope }) => {
          const count = await this.#counter(scope).consume(key);
          return waitAfterFailures(count.consumedPoints, scope, this.#options);
        }),
      ),
    );
    return shared ? decision(Math.max(0, ...shared)) : this.#local.recordFailure(username, address);
  }

  async recordSuccess(username: string): Promise<void> {
    this.#local.recordSuccess(username);
    await this.#shared('recordSuccess', () => this.#counter(this.#options.perUsername).delete(usernameKey(username)));
  }

  /** Clears the username's count in Redis and in this process's fallback; false if Redis did not answer. */
  async clear(username: string): Promise<boolean> {
    this.#local.clear(username);
    const cleared = await this.#shared('clear', async () => {
      await this.#counter(this.#options.perUsername).delete(usernameKey(username));
      return true;
    });
    return cleared === true;
  }

  /** The wait still to run: the count's wait, less the time since its last failure (the quiet period less its TTL). */
  #waitLeft(count: RateLimiterRes, scope: ThrottleScopeOptions): number {
    const sinceLastFailure = scope.quietPeriodMs - count.msBeforeNext;
    return waitAfterFailures(count.consumedPoints, scope, this.#options) - sinceLastFailure;
  }

  #counter(scope: ThrottleScopeOptions): RateLimiterRedis {
    const counter = this.#counters.get(scope);
    if (!counter) throw new Error('no counter for this scope');
    return counter;
  }

  /** The work's answer from Redis, or undefined (and an error logged, at most once a minute) when Redis gave none. */
  async #shared<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      // The library rejects with a RateLimiterRes only when a count is over its points, which UNLIMITED rules out.
      if (error instanceof RateLimiterRes) throw new Error('a sign-in counter refused unexpectedly');
      const now = Date.now();
      if (now - this.#lastFallbackLoggedAt >= FALLBACK_LOG_INTERVAL_MS) {
        this.#lastFallbackLoggedAt = now;
        this.#log.error({ err: error, what }, 'sign-in throttle: Redis did not answer, counting in this process');
      }
      return undefined;
    }
  }
}

function decision(waitMs: number): ThrottleDecision {
  return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true };
}
