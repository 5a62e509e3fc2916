import { z } from 'zod';
import type { SimLength } from '../carriers/registry';
import { VALIDATION_MESSAGES } from '../messages';
import { NonEmptyStringSchema } from '../primitives';

/**
 * The new SIM number of a SIM swap (spec 5), one rule for the form and the server: digits only, the carrier's
 * length from the registry, the carrier's own pattern over the whole number, and not the line's current SIM.
 */

function isValidRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** The server-supplied pattern a new SIM number must match, with the message to show when it does not. */
export const SimRuleSchema = z.object({
  regularExpression: z.string().min(1).refine(isValidRegExp, { message: 'Not a valid regular expression' }),
  errorMessage: NonEmptyStringSchema,
});
export type SimRule = z.infer<typeof SimRuleSchema>;

export type SimNumberRuleName = 'required' | 'digits' | 'length' | 'carrier_pattern' | 'differs_from_current';

export interface SimNumberContext {
  simLength: SimLength;
  /** The carrier's rule for this line (its pattern and message), as the carrier answers it. */
  rule: SimRule;
  currentSimNumber: string | undefined;
}

function lengthMessage({ min, max }: SimLength): string {
  return min === max
    ? `The SIM number must be ${min} digits long.`
    : `The SIM number must be ${min} to ${max} digits long.`;
}

/** What is wrong with a new SIM number, the first broken rule in the order above; undefined when it will do. */
export function simNumberProblem(
  value: string,
  { simLength, rule, currentSimNumber }: SimNumberContext,
): { rule: SimNumberRuleName; message: string } | undefined {
  if (value === '') return { rule: 'required', message: 'Please enter the new SIM number.' };
  if (!/^[0-9]+$/.test(value)) return { rule: 'digits', message: 'The SIM number must contain digits only.' };
  if (value.length < simLength.min || value.length > simLength.max) {
    return { rule: 'length', message: lengthMessage(simLength) };
  }
  if (!new RegExp(`^(?:${rule.regularExpression})$`).test(value)) {
    return { rule: 'carrier_pattern', message: rule.errorMessage };
  }
  if (value === currentSimNumber) return { rule: 'differs_from_current', message: VALIDATION_MESSAGES.simNumbersSame };
  return undefined;
}

/** The SIM number field of a swap request for a carrier: its digits and length (the rest needs the carrier). */
export function simNumberFieldSchema(simLength: SimLength) {
  return z
    .string()
    .regex(/^[0-9]*$/, 'The SIM number must contain digits only.')
    .regex(new RegExp(`^.{${simLength.min},${simLength.max}}$`), lengthMessage(simLength));
}
