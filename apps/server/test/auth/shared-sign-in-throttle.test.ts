import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { USER_NAME_CHECK_LIMITS } from '../../src/auth/user-name-check-throttle.js';
import { startRedisServer, type TestRedisServer } from '../support/redis-server.js';
import { bearer, buildTestApp, DEMO_PASSWORD, form, signIn } from '../support/test-app.js';
import { appEngine, type TestDatabase } from '../support/test-databases.js';

// With REDIS_URL, every instance counts sign-in failures in one place (docs/decisions/0196): a username gets 5 free
// failures in all, not 5 per instance. Without Redis, each instance counts on its own (0010).
const USERNAME_FREE_FAILURES = 5;

let redis: TestRedisServer;
let database: TestDatabase;
let first: App;
let second: App;

beforeAll(async () => {
  [redis, database] = await Promise.all([startRedisServer(), appEngine().create('demo data')]);
  [first, second] = await Promise.all([
    buildTestApp(database.handle, { REDIS_URL: redis.url }),
    buildTestApp(database.handle, { REDIS_URL: redis.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await Promise.all([database?.dispose(), redis?.stop()]);
});

/** A client address of its own for each test, so no test is held back by another's failures. */
function freshAddress(): string {
  return `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
}

function signInAttempt(app: App, username: string, password: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    ...form({ username, password, cookiePolicyAccepted: 'true' }),
  });
}

describe('the sign-in throttle shared through Redis', () => {
  it('counts a username’s failures across instances', async () => {
    const address = freshAddress();
    const username = `nobody.${randomBytes(4).toString('hex')}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= USERNAME_FREE_FAILURES; attempt++) {
      const instance = attempt % 2 === 0 ? first : second;
      statuses.push((await signInAttempt(instance, username, 'Wrong-Password-1', address)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Both instances now make the username wait, whichever took the failure.
    for (const instance of [first, second]) {
      const refused = await signInAttempt(instance, username, 'Wrong-Password-1', freshAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('clears a username’s count everywhere on a correct password', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < USERNAME_FREE_FAILURES - 1; attempt++) {
      expect((await signInAttempt(first, 'acme.admin', 'Wrong-Password-1', address)).statusCode).toBe(400);
    }
    expect((await signInAttempt(second, 'acme.admin', DEMO_PASSWORD, address)).statusCode).toBe(200);
    // Were the count still 4, the second failure below would be the sixth and be refused.
    for (let attempt = 0; attempt < USERNAME_FREE_FAILURES; attempt++) {
      expect((await signInAttempt(first, 'acme.admin', 'Wrong-Password-1', address)).statusCode).toBe(400);
    }
    expect((await signInAttempt(second, 'acme.admin', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('unlocks a throttled username everywhere when the partner’s staff clear it on one instance (decision 0219)', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt <= USERNAME_FREE_FAILURES + 1; attempt++) {
      await signInAttempt(attempt % 2 === 0 ? first : second, 'acme.mobile', 'Wrong-Password-1', address);
    }
    expect((await signInAttempt(first, 'acme.mobile', DEMO_PASSWORD, freshAddress())).statusCode).toBe(429);
    const staff = await signIn(second, 'northwind.staff');
    const { company, user } = await database.handle.db
      .selectFrom('users')
      .innerJoin('user_endpoints', 'user_endpoints.user_id', 'users.id')
      .select(['users.id as user', 'user_endpoints.company_id as company'])
      .where('users.user_name', '=', 'acme.mobile')
      .executeTakeFirstOrThrow();
    const customerUser = async (app: App) => {
      const list = await app.inject({
        method: 'GET',
        url: `/api/console/customers/${company}/users?$filter=id eq ${user}`,
        headers: bearer(staff.accessToken),
      });
      return list.json<{ value: Array<{ throttled: boolean }> }>().value[0];
    };
    expect(await customerUser(first)).toMatchObject({ throttled: true });
    const unlock = await second.inject({
      method: 'POST',
      url: `/api/console/customers/${company}/users/${user}/unlock`,
      headers: bearer(staff.accessToken),
    });
    expect(unlock.statusCode).toBe(204);
    expect(await customerUser(first)).toMatchObject({ throttled: false });
    expect((await signInAttempt(first, 'acme.mobile', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('keeps sign-in working while Redis is down, throttled by each instance’s own counts, and shares again after', async () => {
    const redisStatus = async (app: App) => {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      const { dependencies } = ready.json<{ dependencies: Array<{ name: string; status: string }> }>();
      return {
        status: ready.statusCode,
        redis: dependencies.find((dependency) => dependency.name === 'redis')?.status,
      };
    };
    expect(await redisStatus(first)).toEqual({ status: 200, redis: 'up' });
    await redis.stop();
    try {
      // Reported, but the instance stays ready: it works without Redis.
      expect(await redisStatus(first)).toEqual({ status: 200, redis: 'down' });
      const address = freshAddress();
      expect((await signInAttempt(first, 'acme.admin', DEMO_PASSWORD, address)).statusCode).toBe(200);
      const username = `nobody.${randomBytes(4).toString('hex')}`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= USERNAME_FREE_FAILURES; attempt++) {
        statuses.push((await signInAttempt(first, username, 'Wrong-Password-1', address)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await redis.start();
    }
    await expect.poll(() => first.redis?.status, { timeout: 10_000 }).toBe('ready');
    await expect.poll(() => second.redis?.status, { timeout: 10_000 }).toBe('ready');
    const username = `nobody.${randomBytes(4).toString('hex')}`;
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= USERNAME_FREE_FAILURES; attempt++) {
      const instance = attempt % 2 === 0 ? first : second;
      statuses.push((await signInAttempt(instance, username, 'Wrong-Password-1', address)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('shares the username check’s ration across instances too', async () => {
    const { accessToken } = await signIn(first, 'acme.admin');
    const address = freshAddress();
    const check = (app: App, index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/users/isUserNameUnique',
        remoteAddress: address,
        headers: bearer(accessToken),
        payload: { userName: `probe.${index}` },
      });
    const statuses: number[] = [];
    for (let index = 0; index <= USER_NAME_CHECK_LIMITS.perCaller; index++) {
      statuses.push((await check(index % 2 === 0 ? first : second, index)).statusCode);
    }
    expect(statuses.slice(0, -1)).toEqual(Array(USER_NAME_CHECK_LIMITS.perCaller).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});
