import { describe, expect, it } from 'vitest';
import {
  alertBarOf,
  broadbandCarrierOf,
  CARRIER_REGISTRY,
  carrierOfRequestKey,
  carrierRequestKey,
  confirmsChangesByEmail,
  DIAGNOSTICS_CARRIER_IDS,
  isCarrierOwnProductLine,
  isDiagnosticsCarrier,
  MOBILE_SUPPLIER_IDS,
  mobileCarrierOfSupplier,
  SIM_LENGTH,
} from './index';

// The spec's numbers (section 9), read back through the registry's lookups.

describe('spend alert bars (decision 0213)', () => {
  it('name a data and a chargeable-calls bar on every network of every mobile carrier', () => {
    expect(MOBILE_SUPPLIER_IDS.map((id) => [alertBarOf(id, 'data'), alertBarOf(id, 'calls')])).toEqual([
      [44, 14],
      ['DATA', 'CHRG'],
      ['MDT', 'CHC'],
    ]);
    expect(alertBarOf(99, 'data')).toBeUndefined();
  });
});

describe('mobile carriers', () => {
  it('serve supplier 33 by Halo and 27 and 36 by Vertex', () => {
    expect(MOBILE_SUPPLIER_IDS).toEqual([33, 27, 36]);
    expect(mobileCarrierOfSupplier(33)).toBe('halo');
    expect(mobileCarrierOfSupplier(27)).toBe('vertex');
    expect(mobileCarrierOfSupplier(36)).toBe('vertex');
  });

  it('serve no supplier that is not integrated', () => {
    expect(mobileCarrierOfSupplier(34)).toBeUndefined();
    expect(mobileCarrierOfSupplier(0)).toBeUndefined();
    expect(mobileCarrierOfSupplier(null)).toBeUndefined();
  });

  it('confirm changes by e-mail for supplier 36 only', () => {
    expect(MOBILE_SUPPLIER_IDS.filter(confirmsChangesByEmail)).toEqual([36]);
  });

  it('take SIM numbers of 11 digits (first carrier) and 15 to 20 (second)', () => {
    expect(SIM_LENGTH).toEqual({ halo: { min: 11, max: 11 }, vertex: { min: 15, max: 20 } });
  });
});

describe('broadband carriers', () => {
  it('allow diagnostics for carriers 494 and 588 only', () => {
    expect(DIAGNOSTICS_CARRIER_IDS).toEqual([494, 588]);
    expect(broadbandCarrierOf(494)).toBe('keystone');
    expect(broadbandCarrierOf(588)).toBe('skylark');
    expect(isDiagnosticsCarrier(495)).toBe(false);
    expect(broadbandCarrierOf(null)).toBeUndefined();
  });

  it("keep product lines 35 and 36 as the alternative carrier's own", () => {
    expect(isCarrierOwnProductLine(35)).toBe(true);
    expect(isCarrierOwnProductLine(36)).toBe(true);
    expect(isCarrierOwnProductLine(9)).toBe(false);
  });
});

describe('carrier request keys', () => {
  it('name a carrier by its kind and ids, as stored requests and the simulators always have', () => {
    expect(Object.values(CARRIER_REGISTRY).map(carrierRequestKey)).toEqual([
      'mobile-33',
      'mobile-27-36',
      'broadband-494',
      'broadband-588',
    ]);
    expect(carrierOfRequestKey('mobile-27-36')).toBe('vertex');
    expect(carrierOfRequestKey('mobile-27')).toBeUndefined();
  });

  it('are different for every carrier, and so are path segments', () => {
    const entries = Object.entries(CARRIER_REGISTRY);
    expect(new Set(entries.map(([, entry]) => carrierRequestKey(entry))).size).toBe(entries.length);
    expect(new Set(entries.map(([, entry]) => entry.pathSegment)).size).toBe(entries.length);
  });
});
