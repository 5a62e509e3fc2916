import { ENDPOINT_TYPE, type NamedRef, type NewAddress, type ODataQuery } from '@portal/contract';
import { runODataList } from '../../odata/index.js';
import { sitesInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
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

/** The company of one of the caller's sites, or undefined; with `lock`, its row stays locked to the transaction. */
export function siteCompany(scope: EstateScope, siteId: number, options: { lock?: boolean } = {}) {
  return scope.db
    .selectFrom('sites')
    .select(['sites.id', 'sites.company_id'])
    .where('sites.id', '=', siteId)
    .where((eb) => sitesInEstate(eb, scope))
    .$if(options.lock === true, (query) => query.forUpdate())
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

/** Adds or changes a site (and the new address it brings), in the caller's transaction; answers its id. */
export async function writeSite(scope: EstateScope, siteId: number | undefined, site: SiteWrite): Promise<number> {
  const trx = scope.db;
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
}

/** How many lines of each kind (mobile devices and broadband contracts) are on the site. */
export async function lineCounts(scope: EstateScope, siteId: number) {
  const rows = await scope.db
    .selectFrom('endpoints')
    .select(['endpoint_type_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('site_id', '=', siteId)
    .groupBy('endpoint_type_id')
    .execute();
  const countOf = (type: number) => Number(rows.find((row) => row.endpoint_type_id === type)?.count ?? 0);
  return { mobile: countOf(ENDPOINT_TYPE.mobile), broadband: countOf(ENDPOINT_TYPE.broadband) };
}

/**
 * The Site-level users whose only site this is, by username. With `lock`, their user rows stay locked to the
 * transaction, so a save that would take their other site away waits for the delete that checked it.
 */
export function onlySiteUsers(scope: EstateScope, siteId: number, options: { lock?: boolean } = {}) {
  return scope.db
    .selectFrom('users')
    .innerJoin('user_sites', 'user_sites.user_id', 'users.id')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.id', 'users.user_name as userName'])
    .where('user_sites.site_id', '=', siteId)
    .where('profiles.level', '=', 'Site')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_sites as other')
            .select('other.site_id')
            .whereRef('other.user_id', '=', 'users.id')
            .where('other.site_id', '!=', siteId),
        ),
      ),
    )
    .orderBy('users.user_name')
    .$if(options.lock === true, (query) => query.forUpdate('users'))
    .execute();
}

/** Moves every line on one site to another, in the caller's transaction; answers the kind of each line moved. */
export async function moveLines(scope: EstateScope, fromSiteId: number, toSiteId: number) {
  const moved = await scope.db
    .updateTable('endpoints')
    .set({ site_id: toSiteId })
    .where('site_id', '=', fromSiteId)
    .returning('endpoint_type_id')
    .execute();
  return moved.map((line) => line.endpoint_type_id);
}

/** Deletes a site, in the caller's transaction, with its users' assignments to it (the schema's cascade). */
export async function deleteSite(scope: EstateScope, siteId: number): Promise<void> {
  await scope.db.deleteFrom('sites').where('id', '=', siteId).execute();
}
