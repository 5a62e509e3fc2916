import { type SimLength, type SimRule, VALIDATION_MESSAGES } from '@portal/contract';
import { z } from 'zod';

/** What is wrong with a new SIM number (spec 5), checked in this order; undefined when it will do. */
export function simNumberProblem(
  value: string,
  { simLength, rule, currentSimNumber }: { simLength: SimLength; rule: SimRule; currentSimNumber: string | undefined },
): string | undefined {
  const { min, max } = simLength;
  if (value === '') return 'Please enter the new SIM number.';
  if (!/^[0-9]+$/.test(value)) return 'The SIM number must contain digits only.';
  if (value.length < min || value.length > max) {
    return min === max
      ? `The SIM number must be ${min} digits long.`
      : `The SIM number must be ${min} to ${max} digits long.`;
  }
  if (!new RegExp(rule.regularExpression).test(value)) return rule.errorMessage;
  if (value === currentSimNumber) return VALIDATION_MESSAGES.simNumbersSame;
  return undefined;
}

/** The SIM swap form's schema for one line: its carrier's length, the carrier's pattern, and its current SIM. */
export function simSwapFormSchema(context: Parameters<typeof simNumberProblem>[1]) {
  return z.object({
    simNumber: z.string().superRefine((value, issues) => {
      const message = simNumberProblem(value, context);
      if (message !== undefined) issues.addIssue({ code: 'custom', message });
    }),
  });
}
export type SimSwapValues = z.infer<ReturnType<typeof simSwapFormSchema>>;
