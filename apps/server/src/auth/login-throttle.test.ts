import { describe, expect, it } from 'vitest';
import { addressKey, LOGIN_THROTTLE_DEFAULTS, LocalLoginThrottle } from './login-throttle.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const T0 = Date.UTC(2025, 5, 1, 9, 0, 0);
const ADDRESS = '203.0.113.7';

/** Fails `times` times, each as soon as the throttle allows; returns the time after the last failure. */
function failRepeatedly(throttle: LocalLoginThrottle, username: string, address: string, times: number, start = T0) {
  let now = start;
  for (let i = 0; i < times; i++) {
    const decision = throttle.check(username, address, now);
    if (!decision.allowed) now += decision.retryAfterSeconds * SECOND;
    throttle.recordFailure(username, address, now);
  }
  return now;
}

describe('LocalLoginThrottle', () => {
  it('has the documented defaults: 5 free failures per username, 20 per address, 1 s doubling to 15 min, 12 h', () => {
    expect(LOGIN_THROTTLE_DEFAULTS).toMatchObject({
      perUsername: { freeFailures: 5, quietPeriodMs: 12 * HOUR },
      perAddress: { freeFailures: 20, quietPeriodMs: 12 * HOUR },
      firstWaitMs: SECOND,
      maxWaitMs: 15 * 60 * SECOND,
    });
  });

  it('lets the first five failures through, then makes each further one wait longer', () => {
    const throttle = new LocalLoginThrottle();
    for (let i = 1; i <= 5; i++) {
      expect(throttle.recordFailure('alice', ADDRESS, T0)).toEqual({ allowed: true });
    }
    expect(throttle.check('alice', ADDRESS, T0)).toEqual({ allowed: true });
    // The sixth failure: 1 s; then 2, 4, 8 ... seconds.
    const waits: number[] = [];
    let now = T0;
    for (let i = 0; i < 8; i++) {
      const decision = throttle.recordFailure('alice', ADDRESS, now);
      if (decision.allowed) throw new Error('expected a wait');
      waits.push(decision.retryAfterSeconds);
      now += decision.retryAfterSeconds * SECOND;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });

  it('refuses attempts while a wait runs and tells how long is left, rounded up', () => {
    const throttle = new LocalLoginThrottle();
    const now = failRepeatedly(throttle, 'alice', ADDRESS, 8); // waits of 1, 2, 4: the last one 4 s
    expect(throttle.check('alice', ADDRESS, now)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(throttle.check('alice', ADDRESS, now + 2_500)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(throttle.check('alice', ADDRESS, now + 3_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(throttle.check('alice', ADDRESS, now + 4_000)).toEqual({ allowed: true });
  });

  it('never locks out for good: the wait stops growing at 15 minutes', () => {
    const throttle = new LocalLoginThrottle();
    const now = failRepeatedly(throttle, 'alice', ADDRESS, 200);
    expect(throttle.check('alice', ADDRESS, now)).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect(throttle.check('alice', ADDRESS, now + 900 * SECOND)).toEqual({ allowed: true });
  });

  it('counts usernames case-insensitively', () => {
    const throttle = new LocalLoginThrottle();
    failRepeatedly(throttle, 'Alice', '198.51.100.1', 3);
    failRepeatedly(throttle, 'ALICE', '198.51.100.2', 3);
    expect(throttle.check('alice', '198.51.100.3', T0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('blocks the username from every address, not only the one that failed', () => {
    const throttle = new LocalLoginThrottle();
    const now = failRepeatedly(throttle, 'alice', ADDRESS, 7);
    expect(throttle.check('alice', '192.0.2.99', now).allowed).toBe(false);
    expect(throttle.check('bob', '192.0.2.99', now).allowed).toBe(true);
  });

  it("clears the username's count on success", () => {
    const throttle = new LocalLoginThrottle();
    let now = failRepeatedly(throttle, 'alice', ADDRESS, 8);
    now += 10 * SECOND;
    expect(throttle.check('alice', ADDRESS, now)).toEqual({ allowed: true });
    throttle.recordSuccess('Alice');
    // Five free failures again.
    for (let i = 0; i < 5; i++) expect(throttle.recordFailure('alice', ADDRESS, now).allowed).toBe(true);
    expect(throttle.recordFailure('alice', ADDRESS, now)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("clears a throttled username's count on an unlock, leaving the address's", () => {
    const throttle = new LocalLoginThrottle();
    // 21 failures from one address: the username waits, and so does the address (20 free failures).
    const now = failRepeatedly(throttle, 'alice', ADDRESS, 21);
    expect(throttle.check('alice', '192.0.2.99', now).allowed).toBe(false);
    throttle.clear('ALICE');
    expect(throttle.check('alice', '192.0.2.99', now)).toEqual({ allowed: true });
    expect(throttle.check('bob', ADDRESS, now).allowed).toBe(false);
  });

  it('catches password spraying: one address trying many usernames waits after 20 failures', () => {
    const throttle = new LocalLoginThrottle();
    for (let i = 1; i <= 20; i++) {
      expect(throttle.recordFailure(`user${i}`, ADDRESS, T0)).toEqual({ allowed: true });
    }
    expect(throttle.recordFailure('user21', ADDRESS, T0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Any username from that address waits; the same username from elsewhere does not.
    expect(throttle.check('someone-new', ADDRESS, T0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(throttle.check('someone-new', '198.51.100.1', T0)).toEqual({ allowed: true });
  });

  it("keeps the address's count through a success, so a known account cannot reset spraying", () => {
    const throttle = new LocalLoginThrottle();
    let now = T0;
    for (let i = 1; i <= 25; i++) {
      const decision = throttle.check(`user${i}`, ADDRESS, now);
      if (!decision.allowed) now += decision.retryAfterSeconds * SECOND;
      throttle.recordFailure(`user${i}`, ADDRESS, now);
      throttle.recordSuccess('attackers-own-account');
    }
    expect(throttle.check('user26', ADDRESS, now)).toEqual({ allowed: false, retryAfterSeconds: 16 });
  });

  it('counts an IPv6 client by its /64 network', () => {
    const throttle = new LocalLoginThrottle({ perAddress: { freeFailures: 2, quietPeriodMs: 12 * HOUR } });
    throttle.recordFailure('u1', '2001:db8:1:2::1', T0);
    throttle.recordFailure('u2', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', T0);
    throttle.recordFailure('u3', '2001:0db8:0001:0002:ffff::9', T0);
    expect(throttle.check('u4', '2001:db8:1:2::42', T0).allowed).toBe(false);
    expect(throttle.check('u4', '2001:db8:1:3::42', T0).allowed).toBe(true);
  });

  it('forgets a count after 12 hours without a failure', () => {
    const throttle = new LocalLoginThrottle();
    const last = failRepeatedly(throttle, 'alice', ADDRESS, 10); // 10 failures, the last one at `last`
    expect(throttle.size).toBe(2);
    // Still remembered just before the quiet period ends: the next failure waits longer than the last.
    const probe = new LocalLoginThrottle();
    failRepeatedly(probe, 'alice', ADDRESS, 10);
    expect(probe.recordFailure('alice', ADDRESS, last + 12 * HOUR - 1)).toEqual({
      allowed: false,
      retryAfterSeconds: 32,
    });
    // After it, the count starts again from one.
    expect(throttle.check('alice', ADDRESS, last + 12 * HOUR)).toEqual({ allowed: true });
    expect(throttle.size).toBe(0);
    for (let i = 0; i < 5; i++) expect(throttle.recordFailure('alice', ADDRESS, last + 12 * HOUR).allowed).toBe(true);
  });

  it('measures the quiet period from the last failure, not the first', () => {
    const throttle = new LocalLoginThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure('alice', ADDRESS, T0 + i * 10 * HOUR);
    // 40 hours after the first failure but 1 hour after the fifth: the sixth still waits.
    expect(throttle.recordFailure('alice', ADDRESS, T0 + 41 * HOUR).allowed).toBe(false);
  });

  it('drops quiet counts of other users as it goes', () => {
    const throttle = new LocalLoginThrottle();
    for (let i = 0; i < 50; i++) throttle.recordFailure(`user${i}`, `198.51.100.${i}`, T0);
    expect(throttle.size).toBe(100);
    throttle.recordFailure('late', ADDRESS, T0 + 13 * HOUR);
    expect(throttle.size).toBe(2);
  });

  it('keeps at most maxEntries counts, evicting the longest-quiet first', () => {
    const throttle = new LocalLoginThrottle({ maxEntries: 1_000 });
    let now = failRepeatedly(throttle, 'victim', ADDRESS, 10);
    // A flood of made-up usernames from many addresses.
    for (let i = 0; i < 20_000; i++) {
      now += 1;
      throttle.recordFailure(`random-${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, now);
      expect(throttle.size).toBeLessThanOrEqual(1_000);
    }
    expect(throttle.size).toBe(1_000);
    expect(throttle.check('random-19999', '192.0.2.1', now)).toEqual({ allowed: true });
    // The most recent counts are the ones kept.
    const recent = new LocalLoginThrottle({
      maxEntries: 4,
      perUsername: { freeFailures: 0, quietPeriodMs: 12 * HOUR },
    });
    recent.recordFailure('a', undefined, T0);
    recent.recordFailure('b', undefined, T0 + 1);
    recent.recordFailure('c', undefined, T0 + 2);
    recent.recordFailure('a', undefined, T0 + 3);
    recent.recordFailure('d', undefined, T0 + 4);
    recent.recordFailure('e', undefined, T0 + 5);
    expect(recent.size).toBe(4);
    expect(recent.check('b', undefined, T0 + 5)).toEqual({ allowed: true });
    expect(recent.check('a', undefined, T0 + 5).allowed).toBe(false);
  });

  it('bounds the memory of one absurdly long username', () => {
    const throttle = new LocalLoginThrottle();
    const long = 'x'.repeat(1_000_000);
    failRepeatedly(throttle, long, ADDRESS, 6);
    expect(throttle.check(`${'x'.repeat(100)}-different-tail`, '192.0.2.1', T0).allowed).toBe(false);
  });

  it('works without an address and reads the injected clock when no time is given', () => {
    let now = T0;
    const throttle = new LocalLoginThrottle({ clock: () => now });
    for (let i = 0; i < 6; i++) throttle.recordFailure('alice', undefined);
    expect(throttle.check('alice', undefined)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += SECOND;
    expect(throttle.check('alice', undefined)).toEqual({ allowed: true });
  });
});

describe('addressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:0201', '192.0.2.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0:1:2:3:4', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
