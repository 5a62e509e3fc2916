import { z } from 'zod';

/** The messages of the form's checks; spec 5 gives the rules but no words (docs/decisions/0113). */
export const FORM_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  chooseCompany: 'Please choose a company',
  chooseAddress: 'Please choose an address',
} as const;

/** A required, trimmed text of at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: FORM_MESSAGES.required(label) })
    .max(max, { error: FORM_MESSAGES.tooLong(label, max) });
}

export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: FORM_MESSAGES.tooLong(label, max) });
}
