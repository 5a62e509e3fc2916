import { describe, expect, it } from 'vitest';
import { TRACE_ROUTE_UPLOAD_MAX_BYTES } from '../limits';
import { base64DecodedByteLength, DiagnosticResultSchema, FaultReportSchema } from './diagnostics';

const image = { filename: 'trace.png', data: 'aGVsbG8=' };
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
  traceRouteImages: [image],
  intrusionConsent: true,
  acceptEngineeringCharges: true,
};

describe('FaultReportSchema', () => {
  it('accepts a complete slow-speeds report', () => {
    expect(FaultReportSchema.safeParse(slowSpeeds).success).toBe(true);
  });

  it('needs three speed-test results and an image for slow speeds', () => {
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, speedTestResults: [{ resultId: 'a1' }] }).success).toBe(false);
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, traceRouteImages: [] }).success).toBe(false);
  });

  it('carries no speed-test results for other fault types', () => {
    const noDialTone = { ...slowSpeeds, faultType: 'NoDialTone', traceRouteImages: [] };
    expect(FaultReportSchema.safeParse(noDialTone).success).toBe(false);
    expect(FaultReportSchema.safeParse({ ...noDialTone, speedTestResults: [] }).success).toBe(true);
  });

  it('requires both consents and every text field', () => {
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, intrusionConsent: false }).success).toBe(false);
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, acceptEngineeringCharges: false }).success).toBe(false);
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, contactName: '' }).success).toBe(false);
    expect(FaultReportSchema.safeParse({ ...slowSpeeds, faultStartedDate: '2024-13-01' }).success).toBe(false);
  });

  it('rejects images that are not base64 or exceed 100 MB in total', () => {
    expect(
      FaultReportSchema.safeParse({ ...slowSpeeds, traceRouteImages: [{ ...image, data: 'not base64!' }] }).success,
    ).toBe(false);
    const half = 'A'.repeat(Math.ceil((TRACE_ROUTE_UPLOAD_MAX_BYTES / 2 / 3) * 4) + 4);
    const tooBig = [
      { filename: 'a.png', data: half },
      { filename: 'b.png', data: half },
    ];
    const result = FaultReportSchema.safeParse({ ...slowSpeeds, traceRouteImages: tooBig });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('Exceeded max upload size');
  });
});

describe('base64DecodedByteLength', () => {
  it('accounts for padding', () => {
    expect(base64DecodedByteLength('aGVsbG8=')).toBe(5);
    expect(base64DecodedByteLength('aGk=')).toBe(2);
    expect(base64DecodedByteLength('aA==')).toBe(1);
    expect(base64DecodedByteLength('aGV5')).toBe(3);
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
