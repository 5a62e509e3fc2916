import { type PartnerContactsSettings, PartnerContactsSettingsSchema } from '@portal/contract';
import { z } from 'zod';

/** The form's values: as the contract's save, but the days as typed text, read with the contract's own rule. */
export type SettingsFormValues = Omit<PartnerContactsSettings, 'passwordExpiryDays'> & { passwordExpiryDays: string };

const daysRule = PartnerContactsSettingsSchema.shape.passwordExpiryDays;

/** The save's schema over the form's text: a blank or non-number is said as the rule says it. */
export const settingsFormSchema = PartnerContactsSettingsSchema.extend({
  passwordExpiryDays: z
    .string()
    .trim()
    .pipe(z.union([z.literal('').transform(() => Number.NaN), z.string().transform(Number)]))
    .pipe(daysRule)
    .transform(String),
});

export function settingsFormValues(saved: PartnerContactsSettings): SettingsFormValues {
  return {
    ...saved,
    contacts: saved.contacts.map((contact) => ({ ...contact })),
    passwordExpiryDays: String(saved.passwordExpiryDays),
  };
}

export function settingsSave(values: SettingsFormValues): PartnerContactsSettings {
  return PartnerContactsSettingsSchema.parse({ ...values, passwordExpiryDays: Number(values.passwordExpiryDays) });
}

type FieldPath =
  | Exclude<keyof SettingsFormValues, 'contacts'>
  | `contacts.${number}.type`
  | `contacts.${number}.value`
  | 'contacts';

const SIMPLE: readonly string[] = [
  'line1',
  'line2',
  'line3',
  'town',
  'county',
  'postCode',
  'privacyPolicyUrl',
  'showContractEndDate',
  'passwordExpiryDays',
  'contacts',
];

/** The server's refusals of the form's fields (`contacts.0.type`, `town`), as the form names them. */
export function serverSettingsErrors(body: unknown): Array<[FieldPath, string]> {
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: unknown[] }).details as Array<{ field?: unknown; message?: unknown }>)
      : [];
  const errors: Array<[FieldPath, string]> = [];
  for (const { field, message } of details) {
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    if (SIMPLE.includes(field) || /^contacts\.\d+\.(type|value)$/.test(field))
      errors.push([field as FieldPath, message]);
  }
  return errors;
}
