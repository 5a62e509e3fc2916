import {
  ENDPOINT_TYPE,
  FIELD_MESSAGES,
  LINE_WRITE_CODES,
  type SiteDeletionCheck,
  type SiteLinesMove,
  type SiteLinesMoved,
  type SiteSave,
  siteHasLinesMessage,
  siteIsOnlySiteOfMessage,
} from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { holdsSite } from '../../scope/holdings.js';
import { companyOfSave } from '../../scope/new-record-company.js';
import { writeInScope } from '../../scope/scoped-write.js';
import * as sites from './repository.js';

const noSuchSite = () => notFound('No such site');

/** One of the caller's sites as the list gives it (with its address), or 404. */
export async function siteById(scope: EstateScope, siteId: number, $select?: string) {
  const site = await sites.findSite(scope, siteId, { $select });
  if (!site) throw noSuchSite();
  return site;
}

/**
 * Adds (no `siteId`) or changes a site under the rules of spec 5 (docs/decisions/0109), in one transaction; a site
 * changed must be the caller's with every line on it (decision 0118).
 */
export async function saveSite(scope: EstateScope, actor: Actor, siteId: number | undefined, input: SiteSave) {
  return writeInScope(scope, actor, async (scope) => {
    const companyId = await companyOfSave(scope, siteId, input, (id) => heldSite(scope, id), noSuchSite);
    const address = await addressOf(scope, companyId, input);
    const id = await sites.writeSite(scope, siteId, { companyId, name: input.name, address });
    return siteById(scope, id);
  });
}

/**
 * The company of one of the caller's sites, its row locked for the transaction (so no line can be moved onto it
 * meanwhile), once every line on it is the caller's too; undefined (404) when it is not in their estate at all.
 */
async function heldSite(scope: EstateScope, siteId: number) {
  const site = await sites.siteCompany(scope, siteId, { lock: true });
  if (site && !(await holdsSite(scope, siteId))) {
    throw invalidField('id', 'within_your_estate', 'This site also has lines outside your estate');
  }
  return site;
}

/** The address the site form chose: one of the company's, or a new one (its fields checked by the contract). */
async function addressOf(scope: EstateScope, companyId: number, input: SiteSave): Promise<sites.SiteWrite['address']> {
  if (input.addressId !== undefined && input.newAddress !== undefined) {
    throw invalidField('addressId', 'one_of', 'Choose an existing address or enter a new one, not both');
  }
  if (input.newAddress) return { new: input.newAddress };
  if (input.addressId === undefined) throw invalidField('addressId', 'required', FIELD_MESSAGES.chooseAddress);
  if (!(await sites.isCompanyAddress(scope, companyId, input.addressId))) {
    throw invalidField('addressId', 'in_estate', "No such address of the site's company");
  }
  return { id: input.addressId };
}

/** What stands in the way of deleting one of the caller's sites (decision 0127); 404 outside their estate. */
export async function siteDeletionCheck(scope: EstateScope, siteId: number): Promise<SiteDeletionCheck> {
  if (!(await sites.siteCompany(scope, siteId))) throw noSuchSite();
  return deletionBlockers(scope, siteId);
}

async function deletionBlockers(scope: EstateScope, siteId: number, options: { lock?: boolean } = {}) {
  const lines = await sites.lineCounts(scope, siteId);
  const onlySiteOf = await sites.onlySiteUsers(scope, siteId, options);
  return { mobileDevices: lines.mobile, broadbandContracts: lines.broadband, onlySiteOf };
}

/**
 * Deletes a site that has no lines left and is no user's only site; otherwise 409 saying what is in the way: how
 * many lines (docs/decisions/0110), or which users would be left with no site at all (0127).
 */
export async function removeSite(scope: EstateScope, actor: Actor, siteId: number): Promise<void> {
  await writeInScope(scope, actor, async (scope) => {
    if (!(await heldSite(scope, siteId))) throw noSuchSite();
    const blockers = await deletionBlockers(scope, siteId, { lock: true });
    const lines = blockers.mobileDevices + blockers.broadbandContracts;
    if (lines > 0) {
      const message = siteHasLinesMessage(lines);
      throw conflict(message, {
        code: 'site_has_endpoints',
        details: [{ field: 'id', rule: 'no_endpoints', message }],
      });
    }
    if (blockers.onlySiteOf.length > 0) {
      const message = siteIsOnlySiteOfMessage(blockers.onlySiteOf.map((user) => user.userName));
      throw conflict(message, {
        code: 'site_is_only_site_of_users',
        details: blockers.onlySiteOf.map((user) => ({
          field: 'id',
          rule: 'not_only_site_of_a_user',
          message: `This is the only site of ${user.userName}`,
        })),
      });
    }
    await sites.deleteSite(scope, siteId);
  });
}

/**
 * Moves every line on one of the caller's sites to another site of its company, in one transaction (decision
 * 0128): the same estate checks as the inline site edit (both sites in the estate, else 404; the same company;
 * Write on an estate code of each kind moved, else 403), and the source site's lines all the caller's, as for a
 * delete. Both sites' rows are locked, lowest id first, so no concurrent move or delete crosses this one.
 */
export async function moveSiteLines(
  scope: EstateScope,
  actor: Actor,
  siteId: number,
  input: SiteLinesMove,
): Promise<SiteLinesMoved> {
  return writeInScope(scope, actor, async (scope) => {
    const locked = new Map<number, Awaited<ReturnType<typeof sites.siteCompany>>>();
    for (const id of [siteId, input.targetSiteId].sort((a, b) => a - b)) {
      locked.set(id, await sites.siteCompany(scope, id, { lock: true }));
    }
    const source = locked.get(siteId);
    const target = locked.get(input.targetSiteId);
    if (!source) throw noSuchSite();
    if (input.targetSiteId === siteId) {
      throw invalidField('targetSiteId', 'another_site', 'Choose a site other than the one the lines are on');
    }
    if (!target) throw notFound('No such site');
    if (!(await holdsSite(scope, siteId))) {
      throw invalidField('id', 'within_your_estate', 'This site also has lines outside your estate');
    }
    if (target.company_id !== source.company_id) {
      throw invalidField('targetSiteId', 'same_company', "The site is of another company than the lines'");
    }
    const lines = await sites.lineCounts(scope, siteId);
    for (const [type, count] of [
      [ENDPOINT_TYPE.mobile, lines.mobile],
      [ENDPOINT_TYPE.broadband, lines.broadband],
    ] as const) {
      const codes = LINE_WRITE_CODES[type];
      if (count > 0 && !codes.some((code) => scope.caller.can(code, 'Write'))) {
        throw forbidden(`Moving these lines needs Write on one of: ${codes.join(', ')}`);
      }
    }
    const moved = await sites.moveLines(scope, siteId, input.targetSiteId);
    return {
      mobileDevices: moved.filter((type) => type === ENDPOINT_TYPE.mobile).length,
      broadbandContracts: moved.filter((type) => type !== ENDPOINT_TYPE.mobile).length,
    };
  });
}
