import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/*
 * The Redis connection that several server instances share state through (the sign-in throttles; decision 0196).
 * Redis is a helper, never a dependency of sign-in: a command while the connection is down fails at once (no
 * offline queue) and a slow one gives up after half a second, so callers fall back to what they keep locally.
 * ioredis reconnects by itself; each outage is logged once, and its end once.
 */

// Within a sign-in's budget: the throttle asks Redis once or twice per attempt.
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_WAIT_MS = 2_000;

export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_WAIT_MS),
  });
  let up: boolean | undefined;
  redis.on('ready', () => {
    if (up === false) log.info('Redis is reachable again');
    up = true;
  });
  redis.on('error', (error: unknown) => {
    if (up === false) return;
    up = false;
    log.error({ err: error }, 'Redis is unreachable: shared counts fall back to this process until it returns');
  });
  return redis;
}

/** Waits up to the connect timeout for the first connection, so an instance counts in Redis from its first request. */
export async function firstConnection(redis: Redis): Promise<boolean> {
  if (redis.status === 'ready') return true;
  const ready = once(redis, 'ready').then(() => true);
  const gaveUp = delay(CONNECT_TIMEOUT_MS, false, { ref: false });
  return Promise.race([ready, gaveUp]);
}
