import { type HttpError, idNotMatchingPath, invalidField } from '../http/errors.js';
import type { EstateScope } from './estate-scope.js';

/**
 * The company a new site or team goes into (docs/decisions/0109): one of the caller's whole companies (Company
 * level), the one named, or the only one; a caller of several must name it. Below Company level a caller holds
 * parts of companies, and a new site or team would fall outside their own estate, so they cannot add one.
 */
export async function companyForNewRecord(scope: EstateScope, companyId: number | undefined): Promise<number> {
  const companies = scope.companyWide
    ? (await scope.db.selectFrom(scope.companies().as('c')).select('c.id').orderBy('c.id').execute()).map((c) => c.id)
    : [];
  if (companies.length === 0) {
    throw invalidField('companyId', 'company_level', 'Only a company-level administrator can add to a company');
  }
  if (companyId === undefined) {
    if (companies.length === 1) return companies[0] as number;
    throw invalidField('companyId', 'required', 'Please choose a company');
  }
  if (!companies.includes(companyId)) throw invalidField('companyId', 'in_estate', 'No such company');
  return companyId;
}

/** An edit keeps its record in its company: `companyId`, when sent, must be the record's own. */
export function keepCompany(companyId: number | undefined, current: number): void {
  if (companyId !== undefined && companyId !== current) {
    throw invalidField('companyId', 'unchanged', 'A site or team cannot move to another company');
  }
}

/**
 * The company a site or team save works in: for a new record (no `recordId`) the one it goes into; for an edit the
 * record's own, once it is found in the caller's estate (`notFound` otherwise) and the body names it as the path.
 */
export async function companyOfSave(
  scope: EstateScope,
  recordId: number | undefined,
  input: { id?: number | undefined; companyId?: number | undefined },
  existing: (id: number) => Promise<{ company_id: number } | undefined>,
  notFound: () => HttpError,
): Promise<number> {
  if (recordId === undefined) return companyForNewRecord(scope, input.companyId);
  const record = await existing(recordId);
  if (!record) throw notFound();
  if (input.id !== undefined && input.id !== recordId) throw idNotMatchingPath();
  keepCompany(input.companyId, record.company_id);
  return record.company_id;
}
