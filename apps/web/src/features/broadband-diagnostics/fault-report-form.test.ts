import { FaultReportFieldsSchema, SpeedTestResultSchema } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_FAULT_FORM, faultFormSchema } from './fault-report-form';

const TODAY = '2026-11-25';

/** The messages the form shows under the start date for what was typed. */
function startDateMessages(faultStartedDate: string): string[] {
  const result = faultFormSchema(TODAY).safeParse({ ...EMPTY_FAULT_FORM, faultStartedDate });
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === 'faultStartedDate')
    .map((issue) => issue.message);
}

describe('the fault form start date', () => {
  it('takes a date up to today', () => {
    expect(startDateMessages('1000-01-01')).toEqual([]);
    expect(startDateMessages(TODAY)).toEqual([]);
  });

  it('asks for a valid date before the year 1000, which the API refuses, and refuses one to come', () => {
    expect(startDateMessages('0999-12-31')).toEqual(['Please enter a valid date']);
    expect(startDateMessages('0000-02-29')).toEqual(['Please enter a valid date']);
    expect(startDateMessages('2026-11-26')).toEqual(['The date the fault started cannot be in the future']);
  });
});

describe('the fault form’s text fields are the report’s (property)', () => {
  const text = fc.string({ unit: fc.constantFrom('a', '7', ' ', '+', '\t'), maxLength: 120 });
  const fields = ['faultDescription', 'contactName', 'contactNumber', 'routerType'] as const;

  it('refuses a value exactly when the contract’s FaultReportFieldsSchema refuses it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), text, (field, value) => {
        const form = faultFormSchema(TODAY).safeParse({ ...EMPTY_FAULT_FORM, [field]: value });
        const formRefuses = (form.error?.issues ?? []).some((issue) => issue.path[0] === field);
        expect(formRefuses).toBe(!FaultReportFieldsSchema.shape[field].safeParse(value).success);
      }),
    );
  });

  it('refuses a speed test result id exactly when the contract refuses it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '7', ' '), maxLength: 55 }), (resultId) => {
        const speedTestResults = [{ resultId }, { resultId: 'r2' }, { resultId: 'r3' }];
        const form = faultFormSchema(TODAY).safeParse({
          ...EMPTY_FAULT_FORM,
          faultType: 'SlowSpeeds',
          speedTestResults,
        });
        const formRefuses = (form.error?.issues ?? []).some(
          (issue) => issue.path.join('.') === 'speedTestResults.0.resultId',
        );
        expect(formRefuses).toBe(!SpeedTestResultSchema.safeParse({ resultId }).success);
      }),
    );
  });
});
