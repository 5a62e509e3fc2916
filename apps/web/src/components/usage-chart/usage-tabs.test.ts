import { describe, expect, it } from 'vitest';
import { isTableTab, USAGE_TAB_KEYS, USAGE_TAB_LABELS, usageRequest } from './usage-tabs';

const usagePath = (...args: Parameters<typeof usageRequest>) => usageRequest(...args)?.queryKey[1];

describe('usage tabs', () => {
  it('has the keys and labels of spec 2.8 in order', () => {
    expect(USAGE_TAB_KEYS.map((key) => USAGE_TAB_LABELS[key])).toEqual([
      'Monthly Usage',
      'Billable Usage',
      'Broadband Usage',
      'Line Usage',
      'Session History',
      'Line History',
      'Authentication Logs',
    ]);
    expect(USAGE_TAB_KEYS.filter(isTableTab)).toEqual(['sessionHistory', 'lineHistory', 'authenticationLogs']);
  });

  it('maps each source and key to its usage call', () => {
    expect(usagePath({ kind: 'endpoint', id: 7 }, 'monthly')).toBe('/api/endpoints/7/monthlyUsage');
    expect(usagePath({ kind: 'endpoint', id: 7 }, 'uninvoiced')).toBe('/api/endpoints/7/uninvoicedUsage');
    expect(usagePath({ kind: 'endpoint', id: 7 }, 'broadband')).toBe('/api/endpoints/7/broadbandUsage');
    expect(usagePath({ kind: 'site', id: 3 }, 'monthly')).toBe('/api/sites/3/monthlyUsage');
    expect(usagePath({ kind: 'site', id: 3 }, 'uninvoiced')).toBe('/api/sites/3/uninvoicedUsage');
    expect(usagePath({ kind: 'team', id: 'a/b' }, 'uninvoiced')).toBe('/api/teams/a%2Fb/uninvoicedUsage');
    expect(usagePath({ kind: 'user' }, 'monthly')).toBe('/api/users/monthlyUsage');
    expect(usagePath({ kind: 'endpoint', id: 7 }, 'lineUsage')).toBe('/api/endpoints/7/lineUsage');
  });

  it('has no call for table tabs or keys the source does not offer', () => {
    expect(usagePath({ kind: 'endpoint', id: 7 }, 'sessionHistory')).toBeUndefined();
    expect(usagePath({ kind: 'site', id: 3 }, 'lineUsage')).toBeUndefined();
    expect(usagePath({ kind: 'site', id: 3 }, 'broadband')).toBeUndefined();
    expect(usagePath({ kind: 'user' }, 'uninvoiced')).toBeUndefined();
  });
});
