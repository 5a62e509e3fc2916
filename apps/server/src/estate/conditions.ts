import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
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

/**
 * The caller's orders, as {@link ordersInEstate}, with the company condition below Company level too: for a query
 * that finds orders by another column (the search's reference and number matches), it lets PostgreSQL take the
 * candidates from orders_company_type_created before checking the scope.
 */
export function ordersInEstateByCompany(eb: ExpressionBuilder<Database, 'orders'>, scope: EstateScope) {
  const ofCompanies = eb('orders.company_id', 'in', scope.companies());
  return scope.companyWide ? ofCompanies : eb.and([ofCompanies, eb('orders.id', 'in', scope.orders())]);
}

/** The caller's sites: the set `scope.sites()` gives. */
export function sitesInEstate(eb: ExpressionBuilder<Database, 'sites'>, scope: EstateScope) {
  return scope.companyWide ? eb('sites.company_id', 'in', scope.companies()) : eb('sites.id', 'in', scope.sites());
}

/** The caller's teams: the set `scope.teams()` gives. */
export function teamsInEstate(eb: ExpressionBuilder<Database, 'teams'>, scope: EstateScope) {
  return scope.companyWide ? eb('teams.company_id', 'in', scope.companies()) : eb('teams.id', 'in', scope.teams());
}

/**
 * Whether the user `userId` is in `scope.users()`, checked row by row: cheap when a query has already narrowed its
 * users (a search), where `id in users()` would first build the whole set. It takes the id rather than a table's
 * builder because such a query checks the users of a narrowed subquery, not of the users table.
 */
export function userInEstate(userId: Expression<number>, scope: EstateScope): Expression<SqlBool> {
  const self = scope.caller.userId;
  if (scope.companyWide) {
    // Each link joined to its company directly: no id set of the companies' endpoints is ever built.
    const companies = scope.companies();
    return sql<SqlBool>`(${userId} = ${self}
      OR EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${userId} AND uc.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_sites us JOIN sites s ON s.id = us.site_id
        WHERE us.user_id = ${userId} AND s.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_teams ut JOIN teams t ON t.id = ut.team_id
        WHERE ut.user_id = ${userId} AND t.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_endpoints ue JOIN endpoints e ON e.id = ue.endpoint_id
        WHERE ue.user_id = ${userId} AND e.company_id IN (${companies})))`;
  }
  return sql<SqlBool>`(${userId} = ${self}
    OR EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = ${userId} AND us.site_id IN (${scope.sites()}))
    OR EXISTS (SELECT 1 FROM user_teams ut WHERE ut.user_id = ${userId} AND ut.team_id IN (${scope.teams()}))
    OR EXISTS (SELECT 1 FROM user_endpoints ue WHERE ue.user_id = ${userId}
      AND ue.endpoint_id IN (${scope.endpoints()})))`;
}
