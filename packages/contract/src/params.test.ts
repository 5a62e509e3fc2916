import { describe, expect, it } from 'vitest';
import { supplierParam } from './params';

describe('supplierParam', () => {
  const supplier = supplierParam([27, 36]);

  it('reads a supplier in plain digits', () => {
    expect(supplier.parse('27')).toBe(27);
    expect(supplier.parse('36')).toBe(36);
  });

  it.each(['0x1b', '2.7e1', ' 27', '27 ', '+27', '027', '27.0', '33', '0', ''])('refuses %j', (value) => {
    expect(supplier.safeParse(value).success).toBe(false);
  });
});
