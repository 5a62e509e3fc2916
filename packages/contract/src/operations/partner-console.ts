import {
  PartnerBrandingInputSchema,
  PartnerBrandingSchema,
  PartnerContactsSettingsSchema,
} from '../entities/partner-console';
import { operation } from '../operation';

const partnerStaff = { role: 'partner-staff' } as const;

// The reseller's console (decision 0218): the staff member's own partner, always; no partner id is ever sent, so
// another partner's row cannot be named.

export const branding = operation({
  method: 'GET',
  path: '/api/console/partner/branding',
  summary: "The staff member's partner's branding: theme code, colours and logo",
  access: partnerStaff,
  response: PartnerBrandingSchema,
});

export const saveBranding = operation({
  method: 'POST',
  path: '/api/console/partner/branding',
  summary:
    "Change the staff member's partner's theme code and colours (each at WCAG AA contrast), with a new logo as an optional file part 'logo'",
  access: partnerStaff,
  body: PartnerBrandingInputSchema,
  bodyEncoding: 'multipart',
  response: PartnerBrandingSchema,
});

export const settings = operation({
  method: 'GET',
  path: '/api/console/partner/settings',
  summary: "The staff member's partner's contacts, address, privacy policy and settings",
  access: partnerStaff,
  response: PartnerContactsSettingsSchema,
});

export const saveSettings = operation({
  method: 'PUT',
  path: '/api/console/partner/settings',
  summary: "Replace the staff member's partner's contacts, address, privacy policy and settings, in one transaction",
  access: partnerStaff,
  body: PartnerContactsSettingsSchema,
  response: PartnerContactsSettingsSchema,
});
