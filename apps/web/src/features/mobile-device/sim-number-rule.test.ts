import { SIM_LENGTH, VALIDATION_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { simNumberProblem } from './sim-number-rule';

const first = {
  simLength: SIM_LENGTH.halo,
  rule: { regularExpression: '^89[0-9]{9}$', errorMessage: 'A Halo SIM number starts with 89.' },
  currentSimNumber: '89441000001',
};
const second = {
  simLength: SIM_LENGTH.vertex,
  rule: { regularExpression: '^[0-9]{19}$', errorMessage: 'Enter the 19 digits on the SIM card.' },
  currentSimNumber: '8944200000000000001',
};

describe('new SIM number (spec 5)', () => {
  it('is required and digits only', () => {
    expect(simNumberProblem('', first)).toBe('Please enter the new SIM number.');
    expect(simNumberProblem('8944100000a', first)).toBe('The SIM number must contain digits only.');
  });

  it('has the carrier length: 11 for the first, 15 to 20 for the second', () => {
    expect(simNumberProblem('8944100000', first)).toBe('The SIM number must be 11 digits long.');
    expect(simNumberProblem('894410000012', first)).toBe('The SIM number must be 11 digits long.');
    expect(simNumberProblem('89442000000000', second)).toBe('The SIM number must be 15 to 20 digits long.');
    expect(simNumberProblem('894420000000000000012', second)).toBe('The SIM number must be 15 to 20 digits long.');
  });

  it("matches the carrier's pattern, with the carrier's message", () => {
    expect(simNumberProblem('12441000002', first)).toBe('A Halo SIM number starts with 89.');
    expect(simNumberProblem('894420000000000', second)).toBe('Enter the 19 digits on the SIM card.');
  });

  it('differs from the current number', () => {
    expect(simNumberProblem('89441000001', first)).toBe(VALIDATION_MESSAGES.simNumbersSame);
    expect(simNumberProblem('8944200000000000001', second)).toBe(VALIDATION_MESSAGES.simNumbersSame);
  });

  it('accepts a new number that follows every rule', () => {
    expect(simNumberProblem('89441000002', first)).toBeUndefined();
    expect(simNumberProblem('8944200000000000002', second)).toBeUndefined();
  });
});
