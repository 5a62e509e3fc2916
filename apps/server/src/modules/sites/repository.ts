import type { NamedRef, ODataQuery } from '@portal/contract';
import { sitesInEstate } from '../../estate/conditions.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { runODataList } from '../../odata/index.js';
import { sitesResource } from './resource.js';

function sitesOfEstate(scope: EstateScope) {
  return scope.db
    .selectFrom('sites')
    .innerJoin('companies', 'companies.id', 'sites.company_id')
    .where((eb) => sitesInEstate(eb, scope));
}

/** A page of the caller's sites. */
export function listSites(scope: EstateScope, options: ODataQuery) {
  return runODataList({ db: scope.db, baseQuery: sitesOfEstate(scope), resource: sitesResource, options });
}

/** One of the caller's sites with the fields `$select` asks for, or undefined. */
export async function findSite(scope: EstateScope, siteId: number, options: Pick<ODataQuery, '$select'>) {
  const { value } = await runODataList({
    db: scope.db,
    baseQuery: sitesOfEstate(scope).where('sites.id', '=', siteId),
    resource: sitesResource,
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
