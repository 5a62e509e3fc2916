import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_TYPE,
  EndpointTypeIdSchema,
  hasLineDiagnosticsHistory,
  isFibreProductLine,
  isSpendLimitBarApplied,
} from './line-facts';

describe('endpoint types', () => {
  it('accepts mobile (1) and broadband (3) only', () => {
    expect(ENDPOINT_TYPE).toEqual({ mobile: 1, broadband: 3 });
    expect(EndpointTypeIdSchema.safeParse(1).success).toBe(true);
    expect(EndpointTypeIdSchema.safeParse(3).success).toBe(true);
    expect(EndpointTypeIdSchema.safeParse(2).success).toBe(false);
    expect(EndpointTypeIdSchema.safeParse('1').success).toBe(false);
  });
});

describe('product lines', () => {
  it('classifies product lines', () => {
    expect(isFibreProductLine(9)).toBe(true);
    expect(isFibreProductLine(8)).toBe(false);
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
