import { z } from 'zod';
import { type BrandColourField, brandColourProblem } from '../rules/colour-contrast';
import { optionalText, requiredText } from '../rules/text-fields';
import { FAULT_REPORT_UPLOAD } from './diagnostics';

// The reseller's console: its branding, contacts and settings, as its own staff change them (decision 0218).

/** The theme code's form, as the partners table checks it; it also names the theme cookie's partner before sign-in. */
export const THEME_CODE_PATTERN = /^[a-z0-9-]{2,32}$/;

/**
 * The logo upload: the fault report's image types, read from the bytes (no SVG: a script could ride in one), at most
 * 512 kB, and between 16 and 2,048 pixels each way, as one file part after the fields.
 */
export const PARTNER_LOGO_UPLOAD = {
  fieldName: 'logo',
  maxBytes: 524_288,
  mediaTypes: FAULT_REPORT_UPLOAD.mediaTypes,
  minPixels: 16,
  maxPixels: 2048,
} as const;

/** What is wrong with a logo's size in pixels, for the form (before sending) and the server alike; undefined if fine. */
export function logoDimensionsProblem(width: number, height: number): string | undefined {
  const { minPixels, maxPixels } = PARTNER_LOGO_UPLOAD;
  if (width >= minPixels && height >= minPixels && width <= maxPixels && height <= maxPixels) return undefined;
  return `The logo must be ${minPixels} to ${maxPixels} pixels wide and high (it is ${width} × ${height})`;
}

/** Password expiry in days: 0 for never, else at most a year (decision 0218). */
export const PASSWORD_EXPIRY_DAYS = { never: 0, max: 365 } as const;
/** How many contacts a partner lists on its Contact page. */
export const MAX_PARTNER_CONTACTS = 20;

/** A brand colour: `#rrggbb`, meeting WCAG AA's contrast for its use (rules/colour-contrast.ts). */
/*#__NO_SIDE_EFFECTS__*/
function brandColour(field: BrandColourField) {
  return z
    .string()
    .max(7)
    .superRefine((value, ctx) => {
      const problem = brandColourProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule } });
    })
    .meta({ pattern: '^#[0-9a-fA-F]{6}$' });
}

/** What the branding form sends (the logo, if any, follows as a file part). */
export const PartnerBrandingInputSchema = z.object({
  themeCode: z
    .string()
    .regex(THEME_CODE_PATTERN, { error: 'Theme code must be 2 to 32 lower-case letters, digits or dashes' }),
  primaryColour: brandColour('primaryColour'),
  secondaryColour: brandColour('secondaryColour'),
});
export type PartnerBrandingInput = z.infer<typeof PartnerBrandingInputSchema>;

/** The partner's branding as its staff see it; `logoUploaded` when the logo is an upload, not the theme's own file. */
export const PartnerBrandingSchema = z.object({
  name: z.string().min(1),
  themeCode: z.string().regex(THEME_CODE_PATTERN),
  primaryColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondaryColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logoUrl: z.string().min(1),
  logoUploaded: z.boolean(),
});
export type PartnerBranding = z.infer<typeof PartnerBrandingSchema>;

export const PartnerContactInputSchema = z.object({
  type: requiredText('Contact type', 50),
  value: requiredText('Contact details', 200),
});
export type PartnerContactInput = z.infer<typeof PartnerContactInputSchema>;

/** The partner's contacts (in the order the Contact page lists them), address and settings, saved together. */
export const PartnerContactsSettingsSchema = z.object({
  contacts: z
    .array(PartnerContactInputSchema)
    .max(MAX_PARTNER_CONTACTS, { error: `At most ${MAX_PARTNER_CONTACTS} contacts` }),
  line1: requiredText('Address line 1', 100),
  line2: optionalText('Address line 2', 100),
  line3: optionalText('Address line 3', 100),
  town: requiredText('Town', 60),
  county: optionalText('County', 60),
  postCode: requiredText('Postcode', 10),
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(2000, { error: 'Privacy policy address must be 2000 characters or fewer' })
    .pipe(z.url({ protocol: /^https$/, error: 'Privacy policy must be an https:// address' })),
  showContractEndDate: z.boolean(),
  passwordExpiryDays: z
    .number({ error: 'Password expiry must be a number of days' })
    .int({ error: 'Password expiry must be a whole number of days' })
    .min(PASSWORD_EXPIRY_DAYS.never, { error: `Password expiry must be ${PASSWORD_EXPIRY_DAYS.never} (never) or more` })
    .max(PASSWORD_EXPIRY_DAYS.max, { error: `Password expiry must be at most ${PASSWORD_EXPIRY_DAYS.max} days` }),
});
export type PartnerContactsSettings = z.infer<typeof PartnerContactsSettingsSchema>;
