import { describe, expect, it } from 'vitest';
import { countedNoun, countText, moneyText } from './count-text';

describe('dashboard tile texts', () => {
  it('shows the spec placeholders while a figure is unknown', () => {
    expect(countText(undefined)).toBe('-');
    expect(moneyText(undefined)).toBe('£--.--');
    expect(countedNoun(undefined, 'Device')).toBe('- Devices');
    expect(countedNoun(undefined, 'Broadband Contract')).toBe('- Broadband Contracts');
  });

  it('drops the plural suffix for a count of one', () => {
    expect(countedNoun(1, 'Device')).toBe('1 Device');
    expect(countedNoun(1, 'Broadband Contract')).toBe('1 Broadband Contract');
    expect(countedNoun(0, 'Device')).toBe('0 Devices');
    expect(countedNoun(1234, 'Device')).toBe('1,234 Devices');
  });

  it('formats counts and money for en-GB', () => {
    expect(countText(12345)).toBe('12,345');
    expect(moneyText(1234.5)).toBe('£1,234.50');
  });
});
