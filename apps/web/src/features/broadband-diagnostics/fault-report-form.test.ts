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
