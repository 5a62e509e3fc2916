import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIM_LENGTH } from '../carriers/lookups';
import { VALIDATION_MESSAGES } from '../messages';
import { type SimNumberContext, simNumberFieldSchema, simNumberProblem } from './sim-number';

const messageOf = (value: string, context: SimNumberContext) => simNumberProblem(value, context)?.message;

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
    expect(messageOf('', first)).toBe('Please enter the new SIM number.');
    expect(messageOf('8944100000a', first)).toBe('The SIM number must contain digits only.');
  });

  it('has the carrier length: 11 for the first, 15 to 20 for the second', () => {
    expect(messageOf('8944100000', first)).toBe('The SIM number must be 11 digits long.');
    expect(messageOf('894410000012', first)).toBe('The SIM number must be 11 digits long.');
    expect(messageOf('89442000000000', second)).toBe('The SIM number must be 15 to 20 digits long.');
    expect(messageOf('894420000000000000012', second)).toBe('The SIM number must be 15 to 20 digits long.');
  });

  it("matches the carrier's pattern, with the carrier's message", () => {
    expect(messageOf('12441000002', first)).toBe('A Halo SIM number starts with 89.');
    expect(messageOf('894420000000000', second)).toBe('Enter the 19 digits on the SIM card.');
  });

  it('differs from the current number', () => {
    expect(messageOf('89441000001', first)).toBe(VALIDATION_MESSAGES.simNumbersSame);
    expect(messageOf('8944200000000000001', second)).toBe(VALIDATION_MESSAGES.simNumbersSame);
  });

  it('accepts a new number that follows every rule', () => {
    expect(messageOf('89441000002', first)).toBeUndefined();
    expect(messageOf('8944200000000000002', second)).toBeUndefined();
  });

  it("holds the carrier's pattern to the whole number, as the server did and the form did not", () => {
    const unanchored = { ...first, rule: { regularExpression: '89[0-9]{5}', errorMessage: 'Starts with 89.' } };
    expect(simNumberProblem('12894410000', unanchored)).toEqual({
      rule: 'carrier_pattern',
      message: 'Starts with 89.',
    });
  });
});

/** Candidate SIM numbers around the interesting edges: lengths about the limits, stray characters, the prefix. */
const candidates = fc.oneof(
  fc.string({ minLength: 0, maxLength: 24 }),
  fc.stringMatching(/^[0-9]{9,22}$/),
  fc.stringMatching(/^89[0-9]{7,20}$/),
  fc.stringMatching(/^[0-9 a-z+-]{10,21}$/),
);

describe('the request schema and the rule (property)', () => {
  for (const [name, context] of [
    ['halo', first],
    ['vertex', second],
  ] as const) {
    it(`never lets through the body what the rule refuses for its digits or length, nor the reverse (${name})`, () => {
      const field = simNumberFieldSchema(context.simLength);
      fc.assert(
        fc.property(candidates, (value) => {
          const problem = simNumberProblem(value, context);
          const bodyRefuses = !field.safeParse(value).success;
          const ruleRefusesShape = problem !== undefined && ['required', 'digits', 'length'].includes(problem.rule);
          expect(bodyRefuses).toBe(ruleRefusesShape);
        }),
        { numRuns: 2000 },
      );
    });
  }
});
