import type { NamedRef, NewAddress, ODataQuery } from '@portal/contract';
import { type Actor, writeAs } from '../../db/audit.js';
import { sitesInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { runODataList } from '../../odata/index.js';
import { managedSitesResource, sitesResource } from './resource.js';

function sitesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('sites')
    .innerJoin('companies', 'companies.id', 'sites.company_id')
    .innerJoin('addresses', 'addresses.id', 'sites.address_id')
    .where((eb) => sitesInEstate(eb, scope));
}

/** Addresses are for callers who may manage sites (decision 0048). */
function resourceFor(scope: EstateScope) {
  const manages = scope.caller.can('ManageSite', 'Read') || scope.caller.can('ManageSite', 'Write');
  return manages ? managedSitesResource : sitesResource;
}

/** A page of the caller's sites (with their addresses for a caller who manages sites). */
export function listSites(scope: EstateScope, options: ODataQuery) {
  return runODataList({ db: scope.db, baseQuery: sitesOfEstate(scope), resource: resourceFor(scope), options });
}

/** One of the caller's sites with the fields `$select` asks for, or undefined. */
export async function findSite(scope: EstateScope, siteId: number, options: Pick<ODataQuery, '$select'>) {
  const { value } = await runODataList({
    db: scope.db,
    baseQuery: sitesOfEstate(scope).where('sites.id', '=', siteId),
    resource: resourceFor(scope),
    options: { $select: options.$select },
  });
  return value[0];
}

/** Id and name of each of the caller's sites, by name. */
export function siteNames(scope: EstateScope): Promise<NamedRef[]> {
  return scope.db
    .selectFrom('sites')
    .select(['sites.id', 'sites.name'])
    .where((eb) => sitesInEstate(eb, scope))
    .orderBy('sites.name')
    .orderBy('sites.id')
    .execute();
}

/** The company of one of the caller's sites, or undefined. */
export function siteCompany(scope: EstateScope, siteId: number) {
  return scope.db
    .selectFrom('sites')
    .select(['sites.id', 'sites.company_id'])
    .where('sites.id', '=', siteId)
    .where((eb) => sitesInEstate(eb, scope))
    .executeTakeFirst();
}

/** Whether the address is one of the company's. */
export async function isCompanyAddress(scope: EstateScope, companyId: number, addressId: number) {
  const row = await scope.db
    .selectFrom('addresses')
    .select('id')
    .where('id', '=', addressId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

export type SiteWrite = { companyId: number; name: string; address: { id: number } | { new: NewAddress } };

/** Adds or changes a site (and the new address it brings) in one audited transaction; answers its id. */
export function writeSite(scope: EstateScope, actor: Actor, siteId: number | undefined, site: SiteWrite) {
  return writeAs(scope.db, actor, async (trx) => {
    const addressId =
      'id' in site.address
        ? site.address.id
        : (
            await trx
              .insertInto('addresses')
              .values({
                company_id: site.companyId,
                line1: site.address.new.line1 ?? '',
                line2: site.address.new.line2 || null,
                line3: site.address.new.line3 || null,
                town: site.address.new.town,
                county: site.address.new.county,
                post_code: site.address.new.postCode,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
    if (siteId === undefined) {
      const created = await trx
        .insertInto('sites')
        .values({ company_id: site.companyId, name: site.name, address_id: addressId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    }
    await trx
      .updateTable('sites')
      .set({ name: site.name, address_id: addressId })
      .where('id', '=', siteId)
      .where('company_id', '=', site.companyId)
      .execute();
    return siteId;
  });
}

export type SiteDeletion = { deleted: true } | { deleted: false; endpoints: number };

/**
 * Deletes a site with no lines left, in one audited transaction. The site's row is locked first, so a line cannot
 * be moved onto it between the count and the delete.
 */
export function deleteSite(scope: EstateScope, actor: Actor, siteId: number): Promise<SiteDeletion> {
  return writeAs(scope.db, actor, async (trx) => {
    await trx.selectFrom('sites').select('id').where('id', '=', siteId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('endpoints')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return { deleted: false, endpoints: Number(count) };
    await trx.deleteFrom('sites').where('id', '=', siteId).execute();
    return { deleted: true };
  });
}
