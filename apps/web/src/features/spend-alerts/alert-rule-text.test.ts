import type { AlertRule } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { measureText, thresholdText, watchesText } from './alert-rule-text';

const none = { site: null, team: null, device: null, appliesTo: 'total' } as const;

describe('thresholdText', () => {
  it('says money in pounds and pence, data in MB up to a GB then GB, calls counted', () => {
    expect(thresholdText('cost', 50)).toBe('£50.00');
    expect(thresholdText('roamingCost', 1234.5)).toBe('£1,234.50');
    expect(thresholdText('data', 500)).toBe('500 MB');
    expect(thresholdText('data', 1536)).toBe('1.5 GB');
    expect(thresholdText('calls', 1)).toBe('1 call');
    expect(thresholdText('calls', 1200)).toBe('1,200 calls');
  });
});

describe('measureText', () => {
  it('names the measure and its threshold', () => {
    expect(measureText({ measure: 'cost', threshold: 5 })).toBe('Cost over £5.00');
    expect(measureText({ measure: 'roamingCost', threshold: 5 })).toBe('Roaming cost over £5.00');
  });
});

describe('watchesText', () => {
  it('names the scope and its target, and each device on its own where the rule says so', () => {
    expect(watchesText({ ...none, scope: 'company' })).toBe('Whole company');
    expect(
      watchesText({ ...none, scope: 'site', site: { id: 1, name: 'Leeds Office' }, appliesTo: 'eachDevice' }),
    ).toBe('Site: Leeds Office, each device on its own');
    const device: AlertRule['device'] = { id: 2, name: 'Van 3', identifier: '07700900123' };
    expect(watchesText({ ...none, scope: 'device', device, appliesTo: 'eachDevice' })).toBe(
      'Mobile device: Van 3 (07700900123)',
    );
  });

  it('says a target the caller no longer sees is not visible, rather than leaving it blank', () => {
    expect(watchesText({ ...none, scope: 'team' })).toBe('Team: not visible to you');
  });
});
