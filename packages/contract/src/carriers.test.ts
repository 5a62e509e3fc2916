import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_TYPE,
  EndpointTypeIdSchema,
  hasLineDiagnosticsHistory,
  isAlternativeCarrierProductLine,
  isDiagnosticsCarrier,
  isFibreProductLine,
  isSpendLimitBarApplied,
  MOBILE_SUPPLIER_IDS,
  mobileCarrierOfSupplier,
} from './carriers';

describe('endpoint types', () => {
  it('accepts mobile (1) and broadband (3) only', () => {
    expect(ENDPOINT_TYPE).toEqual({ mobile: 1, broadband: 3 });
    expect(EndpointTypeIdSchema.safeParse(1).success).toBe(true);
    expect(EndpointTypeIdSchema.safeParse(3).success).toBe(true);
    expect(EndpointTypeIdSchema.safeParse(2).success).toBe(false);
    expect(EndpointTypeIdSchema.safeParse('1').success).toBe(false);
  });
});

describe('mobileCarrierOfSupplier', () => {
  it('maps 33 to the first carrier and 27 and 36 to the second', () => {
    expect(mobileCarrierOfSupplier(33)).toBe('first');
    expect(mobileCarrierOfSupplier(27)).toBe('second');
    expect(mobileCarrierOfSupplier(36)).toBe('second');
  });

  it('returns undefined for suppliers that are not integrated', () => {
    expect(mobileCarrierOfSupplier(34)).toBeUndefined();
    expect(mobileCarrierOfSupplier(0)).toBeUndefined();
  });

  it('covers every listed supplier id', () => {
    for (const supplierId of MOBILE_SUPPLIER_IDS) {
      expect(mobileCarrierOfSupplier(supplierId)).toBeDefined();
    }
  });
});

describe('broadband carriers and product lines', () => {
  it('allows diagnostics for carriers 494 and 588 only', () => {
    expect(isDiagnosticsCarrier(494)).toBe(true);
    expect(isDiagnosticsCarrier(588)).toBe(true);
    expect(isDiagnosticsCarrier(495)).toBe(false);
  });

  it('classifies product lines', () => {
    expect(isFibreProductLine(9)).toBe(true);
    expect(isFibreProductLine(8)).toBe(false);
    expect(isAlternativeCarrierProductLine(35)).toBe(true);
    expect(isAlternativeCarrierProductLine(36)).toBe(true);
    expect(isAlternativeCarrierProductLine(9)).toBe(false);
    expect(hasLineDiagnosticsHistory(8)).toBe(true);
    expect(hasLineDiagnosticsHistory(9)).toBe(false);
  });
});

describe('isSpendLimitBarApplied', () => {
  it('needs all three add-ons 14, 44 and 374', () => {
    expect(isSpendLimitBarApplied([374, 1, 44, 14])).toBe(true);
    expect(isSpendLimitBarApplied([14, 44])).toBe(false);
    expect(isSpendLimitBarApplied([])).toBe(false);
  });
});
