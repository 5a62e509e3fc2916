import type { Partner } from '@portal/contract';

/** Address lines 1-3, town, county and post code, leaving out the empty ones (spec 2.17). */
export function addressLines(partner: Partner): string[] {
  return [partner.line1, partner.line2, partner.line3, partner.town, partner.county, partner.postCode]
    .map((line) => line?.trim() ?? '')
    .filter((line) => line !== '');
}
