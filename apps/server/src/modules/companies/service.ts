import type { Address, Company, ODataQuery } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { addressesOf, findCompany, listCompanies } from './repository.js';

/**
 * Addresses are site-management data (docs/decisions/0048): they reach only a caller holding ManageSite Read or
 * Write, whichever route they come by.
 */
function mayReadAddresses(scope: EstateScope): boolean {
  return scope.caller.can('ManageSite', 'Read') || scope.caller.can('ManageSite', 'Write');
}

/** The caller's companies; asking to expand their addresses without ManageSite is refused (403). */
export function companiesOf(scope: EstateScope, options: ODataQuery) {
  return listCompanies(scope, options, mayReadAddresses(scope));
}

/** A company of the estate (404 otherwise), with its addresses only for a caller who may read them. */
export async function companyById(scope: EstateScope, companyId: number): Promise<Company> {
  const company = await findCompany(scope, companyId);
  if (!company) throw notFound();
  if (!mayReadAddresses(scope)) return company;
  return { ...company, addresses: (await addressesOf(scope, [company.id])).get(company.id) ?? [] };
}

/** The addresses of a company of the estate, which sites can use (404 for any other company). */
export async function addressesOfCompany(scope: EstateScope, companyId: number): Promise<Address[]> {
  if (!(await findCompany(scope, companyId))) throw notFound();
  return (await addressesOf(scope, [companyId])).get(companyId) ?? [];
}
