import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.js';

describe('deviceOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge on macOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0', 'Firefox on Android'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [`${'x'.repeat(80)} more`, 'x'.repeat(40)],
  ])('names %s', (userAgent, expected) => {
    expect(deviceOf(userAgent)).toBe(expected);
  });

  it('answers null without a user agent', () => {
    expect(deviceOf(null)).toBeNull();
    expect(deviceOf('   ')).toBeNull();
  });
});
