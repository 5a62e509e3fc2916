import { describe, expect, it } from 'vitest';
import { DiagnosticResultSchema, FaultReportFieldsSchema } from './diagnostics';

const slowSpeeds = {
  faultType: 'SlowSpeeds',
  faultDescription: 'Pages load slowly every evening',
  faultStartedDate: '2024-05-01',
  speedTestResults: [{ resultId: 'a1' }, { resultId: 'b2' }, { resultId: 'c3' }],
  contactName: 'Jo Bloggs',
  contactNumber: '07700900123',
  frequency: 'Daily',
  routerType: 'Supplied',
  routerRebooted: true,
  microfiltersSwapTest: true,
  masterSocketTest: false,
  nonAdslEquipmentRemoved: true,
  intrusionConsent: true,
  acceptEngineeringCharges: true,
};

describe('FaultReportFieldsSchema', () => {
  it('accepts a complete slow-speeds report', () => {
    expect(FaultReportFieldsSchema.safeParse(slowSpeeds).success).toBe(true);
  });

  it('needs three speed-test results for slow speeds', () => {
    const result = FaultReportFieldsSchema.safeParse({ ...slowSpeeds, speedTestResults: [{ resultId: 'a1' }] });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['speedTestResults']);
  });

  it('carries no speed-test results for other fault types', () => {
    const noConnection = { ...slowSpeeds, faultType: 'NoConnection' };
    expect(FaultReportFieldsSchema.safeParse(noConnection).success).toBe(false);
    expect(FaultReportFieldsSchema.safeParse({ ...noConnection, speedTestResults: [] }).success).toBe(true);
  });

  it('requires both consents, every text field and a known fault type and frequency', () => {
    for (const change of [
      { intrusionConsent: false },
      { acceptEngineeringCharges: false },
      { contactName: ' ' },
      { faultStartedDate: '2024-13-01' },
      { faultType: 'Gremlins' },
      { frequency: 'Sometimes' },
      { contactNumber: '12ab' },
      { unexpected: 'field' },
    ]) {
      expect(FaultReportFieldsSchema.safeParse({ ...slowSpeeds, ...change }).success, JSON.stringify(change)).toBe(
        false,
      );
    }
  });

  it('takes a start date up to today in any time zone, not later and not before the year 1000', () => {
    const at = (date: string) => FaultReportFieldsSchema.safeParse({ ...slowSpeeds, faultStartedDate: date });
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    expect(at(day(0)).success).toBe(true);
    expect(at('1000-01-01').success).toBe(true);
    expect(at(day(2)).error?.issues).toEqual([
      expect.objectContaining({
        code: 'too_big',
        path: ['faultStartedDate'],
        message: expect.stringMatching(/future/),
      }),
    ]);
    expect(at('0000-01-01').error?.issues).toEqual([
      expect.objectContaining({ code: 'too_small', path: ['faultStartedDate'] }),
    ]);
  });
});

describe('DiagnosticResultSchema', () => {
  it('accepts the known status codes only', () => {
    const result = {
      code: 'success',
      name: 'Sync Status',
      additionalDetails: [{ label: 'Downstream', value: '72.5' }],
    };
    expect(DiagnosticResultSchema.safeParse(result).success).toBe(true);
    expect(DiagnosticResultSchema.safeParse({ ...result, code: 'passed' }).success).toBe(false);
  });
});
