import type { SiteSave } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { companyOfSave } from '../../estate/new-record-company.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import * as sites from './repository.js';

const noSuchSite = () => notFound('No such site');

/** One of the caller's sites as the list gives it (with its address), or 404. */
export async function siteById(scope: EstateScope, siteId: number, $select?: string) {
  const site = await sites.findSite(scope, siteId, { $select });
  if (!site) throw noSuchSite();
  return site;
}

/** Adds (no `siteId`) or changes a site under the rules of spec 5 (docs/decisions/0109). */
export async function saveSite(scope: EstateScope, actor: Actor, siteId: number | undefined, input: SiteSave) {
  const companyId = await companyOfSave(scope, siteId, input, (id) => sites.siteCompany(scope, id), noSuchSite);
  const id = await sites.writeSite(scope, actor, siteId, {
    companyId,
    name: input.name,
    address: await addressOf(scope, companyId, input),
  });
  return siteById(scope, id);
}

/** The address the site form chose: one of the company's, or a new one with its required lines. */
async function addressOf(scope: EstateScope, companyId: number, input: SiteSave): Promise<sites.SiteWrite['address']> {
  if (input.addressId !== undefined && input.newAddress !== undefined) {
    throw invalidField('addressId', 'one_of', 'Choose an existing address or enter a new one, not both');
  }
  if (input.newAddress) {
    // The database keeps a first line for every address (bills print it), so a new one needs it too.
    if (!input.newAddress.line1) throw invalidField('newAddress.line1', 'required', 'Address Line 1 is required');
    return { new: input.newAddress };
  }
  if (input.addressId === undefined) throw invalidField('addressId', 'required', 'Please choose an address');
  if (!(await sites.isCompanyAddress(scope, companyId, input.addressId))) {
    throw invalidField('addressId', 'in_estate', "No such address of the site's company");
  }
  return { id: input.addressId };
}

/** Deletes a site that has no lines left; one that has is refused, saying how many (docs/decisions/0110). */
export async function removeSite(scope: EstateScope, actor: Actor, siteId: number): Promise<void> {
  if (!(await sites.siteCompany(scope, siteId))) throw noSuchSite();
  const outcome = await sites.deleteSite(scope, actor, siteId);
  if (!outcome.deleted) {
    const message = `This site still has ${outcome.endpoints} ${outcome.endpoints === 1 ? 'device or contract' : 'devices and contracts'}. Move them to another site first.`;
    throw conflict(message, { code: 'site_has_endpoints', details: [{ field: 'id', rule: 'no_endpoints', message }] });
  }
}
