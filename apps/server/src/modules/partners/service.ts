import { API, operationPath, type Partner } from '@portal/contract';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { findPartner, partnerContacts } from './repository.js';

/**
 * Where the web app finds the partner's logo, relative to its base: the upload of its staff (decision 0218), else the
 * file of its theme that the web app serves.
 */
export function logoUrlOf(partner: { logo_id: number | null; theme_code: string; logo_file_name: string }): string {
  return partner.logo_id === null
    ? `themes/${partner.theme_code}/${partner.logo_file_name}`
    : operationPath(API.partners.logo, { params: { logoId: partner.logo_id } }).replace(/^\//, '');
}

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
    logoUrl: logoUrlOf(partner),
    primaryColour: partner.primary_colour,
    secondaryColour: partner.secondary_colour,
    privacyPolicyUrl: partner.privacy_policy_url,
  };
}
