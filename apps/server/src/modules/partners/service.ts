import type { Partner } from '@portal/contract';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { findPartner, partnerContacts } from './repository.js';

/** The partner with its contacts, and its logo where the web app serves the partner's theme. */
export async function currentPartner(scope: PartnerScope): Promise<Partner> {
  const [partner, contacts] = await Promise.all([findPartner(scope), partnerContacts(scope)]);
  return {
    name: partner.name,
    partnerContacts: contacts,
    line1: partner.line1,
    ...(partner.line2 ? { line2: partner.line2 } : {}),
    ...(partner.line3 ? { line3: partner.line3 } : {}),
    town: partner.town,
    ...(partner.county ? { county: partner.county } : {}),
    postCode: partner.post_code,
    themeCode: partner.theme_code,
    logoUrl: `themes/${partner.theme_code}/${partner.logo_file_name}`,
    primaryColour: partner.primary_colour,
    secondaryColour: partner.secondary_colour,
    privacyPolicyUrl: partner.privacy_policy_url,
  };
}
