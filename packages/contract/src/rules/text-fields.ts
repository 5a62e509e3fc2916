import { z } from 'zod';

/**
 * The words of a text field's checks. The forms show them and the server answers them, from the same schema, so a
 * name the form lets through is one the server takes (spec 5 gives the rules but no words: decision 0113).
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  chooseCompany: 'Please choose a company',
  chooseAddress: 'Please choose an address',
} as const;

/** A required text of at most `max` characters once its surrounding spaces are dropped (only spaces is missing). */
/*#__NO_SIDE_EFFECTS__*/
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: FIELD_MESSAGES.required(label) })
    .max(max, { error: FIELD_MESSAGES.tooLong(label, max) });
}

/** An optional text of at most `max` characters once its surrounding spaces are dropped. */
/*#__NO_SIDE_EFFECTS__*/
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: FIELD_MESSAGES.tooLong(label, max) });
}
