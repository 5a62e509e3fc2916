import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors.js';
import { userNameCheckThrottle } from './user-name-check-throttle.js';

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('userNameCheckThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a caller check again once the window has passed, and says how long to wait until then', async () => {
    const throttle = userNameCheckThrottle({ perCaller: 3, perAddress: 100, windowSeconds: 60 });
    for (let check = 0; check < 3; check += 1) await throttle.take(7, '192.0.2.1');
    vi.advanceTimersByTime(20_000);
    const error = await refusal(throttle.take(7, '192.0.2.1'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 429, code: 'too_many_requests', headers: { 'retry-after': '40' } });

    vi.advanceTimersByTime(40_000);
    expect(await refusal(throttle.take(7, '192.0.2.1'))).toBeUndefined();
  });

  it('counts an address by its IPv4 form or IPv6 /64 network, whoever calls', async () => {
    const throttle = userNameCheckThrottle({ perCaller: 100, perAddress: 2, windowSeconds: 60 });
    await throttle.take(1, '::ffff:192.0.2.9');
    await throttle.take(2, '192.0.2.9');
    expect(await refusal(throttle.take(3, '192.0.2.9'))).toMatchObject({ statusCode: 429 });
    await throttle.take(1, '2001:db8:5:6::1');
    await throttle.take(2, '2001:db8:5:6:aaaa::2');
    expect(await refusal(throttle.take(3, '2001:db8:5:6::3'))).toMatchObject({ statusCode: 429 });
    expect(await refusal(throttle.take(3, '2001:db8:5:7::3'))).toBeUndefined();
  });
});
