import { describe, expect, it } from 'vitest';
import { SimRuleSchema } from '../rules/sim-number';
import {
  FirstCarrierBarSchema,
  FirstCarrierMobileDetailsSchema,
  SecondCarrierBarSchema,
  SecondCarrierMobileDetailsSchema,
} from './mobile';

describe('first carrier', () => {
  const details = {
    serial_number: { number: '89441000001' },
    addons: [{ id: 14, name: 'Spend cap', type: 3 }],
    monitoring_settings: { spend_limit: { value: 2500, effective_from: '2024-05-01' } },
    lifted: false,
    barApplied: false,
  };

  it('parses details in the carrier field names', () => {
    expect(FirstCarrierMobileDetailsSchema.safeParse(details).success).toBe(true);
    expect(FirstCarrierMobileDetailsSchema.safeParse({ ...details, monitoring_settings: {} }).success).toBe(true);
  });

  it('keeps the spend limit in whole pence', () => {
    const pounds = { ...details, monitoring_settings: { spend_limit: { value: 25.5, effective_from: '2024-05-01' } } };
    expect(FirstCarrierMobileDetailsSchema.safeParse(pounds).success).toBe(false);
  });

  it('types bars', () => {
    expect(FirstCarrierBarSchema.safeParse({ id: 12, name: 'Premium rate', active: true }).success).toBe(true);
    expect(FirstCarrierBarSchema.safeParse({ id: 12, name: 'Premium rate', active: 'true' }).success).toBe(false);
  });
});

describe('second carrier', () => {
  it('parses details and bars', () => {
    expect(
      SecondCarrierMobileDetailsSchema.safeParse({ simNo: '894410000000000000', bars: [{ networkSuffix: 'PRS' }] })
        .success,
    ).toBe(true);
    expect(
      SecondCarrierBarSchema.safeParse({ networkSuffix: 'PRS', description: 'Premium rate', active: false }).success,
    ).toBe(true);
    expect(SecondCarrierBarSchema.safeParse({ description: 'Premium rate', active: false }).success).toBe(false);
  });
});

describe('SimRuleSchema', () => {
  it('accepts a compilable pattern and rejects a broken one', () => {
    expect(SimRuleSchema.safeParse({ regularExpression: '^8944\\d{7}$', errorMessage: 'Invalid SIM' }).success).toBe(
      true,
    );
    expect(SimRuleSchema.safeParse({ regularExpression: '^(8944', errorMessage: 'Invalid SIM' }).success).toBe(false);
  });
});
