import type { Address, NamedRef, ODataQuery } from '@portal/contract';
import { runODataList } from '../../odata/index.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { companiesResource } from './resource.js';

/** A page of the caller's companies; `$expand=addresses` reads their addresses when `withAddresses` allows. */
export function listCompanies(scope: EstateScope, options: ODataQuery, withAddresses: boolean) {
  return runODataList({
    db: scope.db,
    baseQuery: scope.db.selectFrom('companies').where('companies.id', 'in', scope.companyIds()),
    resource: companiesResource,
    options,
    context: { addressesOf: withAddresses ? (ids) => addressesOf(scope, ids) : undefined },
  });
}

/** Id and name of each of the caller's companies, by name. */
export function companyNames(scope: EstateScope): Promise<NamedRef[]> {
  return scope.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', scope.companyIds())
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One of the caller's companies, or undefined. */
export function findCompany(scope: EstateScope, companyId: number): Promise<NamedRef | undefined> {
  return scope.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', companyId)
    .where('id', 'in', scope.companyIds())
    .executeTakeFirst();
}

/** The addresses of the caller's companies among `companyIds`, by company (every asked id has an entry). */
export async function addressesOf(scope: EstateScope, companyIds: readonly number[]) {
  const byCompany = new Map<number, Address[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await scope.db
    .selectFrom('addresses')
    .select(['id', 'company_id', 'line1', 'line2', 'line3', 'town', 'county', 'post_code'])
    .where('company_id', 'in', companyIds)
    .where('company_id', 'in', scope.companyIds())
    .orderBy('id')
    .execute();
  for (const row of rows) {
    byCompany.get(row.company_id)?.push({
      id: row.id,
      line1: row.line1,
      ...(row.line2 ? { line2: row.line2 } : {}),
      ...(row.line3 ? { line3: row.line3 } : {}),
      town: row.town,
      county: row.county,
      postCode: row.post_code,
    });
  }
  return byCompany;
}
