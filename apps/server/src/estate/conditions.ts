import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EstateScope } from './estate-scope.js';

/**
 * Conditions that keep a query inside the caller's estate, written the cheapest way for the caller's level. At
 * Company level the estate is whole companies, so a row is in it exactly when its `company_id` is one of theirs:
 * PostgreSQL then reads one company's rows straight from a (company_id, ...) index rather than building the set of
 * the estate's ids first (the largest company of the large data set: about 30 ms a page before, a few ms after).
 * Other levels reach rows through their lines, as the scope says.
 */

/** The caller's orders: the set `scope.orders()` gives. */
export function ordersInEstate(eb: ExpressionBuilder<Database, 'orders'>, scope: EstateScope) {
  return scope.companyWide ? eb('orders.company_id', 'in', scope.companies()) : eb('orders.id', 'in', scope.orders());
}

/**
 * The caller's lines. The company condition holds at every level: at Company level it is the whole estate, so the
 * set of the companies' line ids is never built; at other levels it never narrows the answer (a visible line is of
 * a visible company) but lets PostgreSQL read only those companies' lines from a (company_id, ...) index, such as
 * endpoints_company_type_name, before checking the scope.
 */
export function endpointsInEstate(eb: ExpressionBuilder<Database, 'endpoints'>, scope: EstateScope) {
  const ofCompanies = eb('endpoints.company_id', 'in', scope.companies());
  return scope.companyWide ? ofCompanies : eb.and([ofCompanies, eb('endpoints.id', 'in', scope.endpoints())]);
}
