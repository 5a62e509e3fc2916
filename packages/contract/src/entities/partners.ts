import { z } from 'zod';
import { NonEmptyStringSchema } from '../primitives';

export const PartnerContactSchema = z.object({
  type: NonEmptyStringSchema,
  value: NonEmptyStringSchema,
});
export type PartnerContact = z.infer<typeof PartnerContactSchema>;

/** Every address line is optional: the contact page hides empty lines. */
export const PartnerSchema = z.object({
  name: NonEmptyStringSchema,
  partnerContacts: z.array(PartnerContactSchema),
  line1: z.string().optional(),
  line2: z.string().optional(),
  line3: z.string().optional(),
  town: z.string().optional(),
  county: z.string().optional(),
  postCode: z.string().optional(),
  /** Branding (spec 1): the theme the web app applies, its logo and colours, and the privacy policy of the cookie notice. */
  themeCode: z.string().regex(/^[a-z0-9-]{2,32}$/),
  logoUrl: z.string().min(1),
  primaryColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondaryColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  privacyPolicyUrl: z.url(),
});
export type Partner = z.infer<typeof PartnerSchema>;

export const PartnerSettingsSchema = z.object({
  showContractEndDate: z.boolean(),
});
export type PartnerSettings = z.infer<typeof PartnerSettingsSchema>;
