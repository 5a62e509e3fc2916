import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { type EstateScope, isIdList } from './estate-scope.js';

/**
 * Conditions that keep a query inside the caller's estate, written the cheapest way for the caller's level. At
 * Company level the estate is whole companies, so a row is in it exactly when its `company_id` is one of theirs:
 * PostgreSQL then reads one company's rows straight from a (company_id, ...) index rather than building the set of
 * the estate's ids first (the largest company of the large data set: about 30 ms a page before, a few ms after).
 * Other levels reach rows through their lines, as the scope says.
 */

/** The caller's orders: the set `scope.orders()` gives. */
export function ordersInEstate(eb: ExpressionBuilder<Database, 'orders'>, scope: EstateScope) {
  return scope.companyWide ? eb('orders.company_id', 'in', scope.companyIds()) : eb('orders.id', 'in', scope.orders());
}

/**
 * The caller's lines: the set `scope.endpoints()` gives. Each test is of a column of the row against a handful of
 * ids, where `id in endpoints()` alone would first build the set of every line of the estate (8,735 for the largest
 * company of the large data set) to find a page or one site's hundred:
 * - at Company level the estate is whole companies, so `company_id` says it;
 * - at Site level it is exactly the lines of their sites, so `site_id` says it;
 * - at every level below Company the company condition never narrows the answer (a visible line is of a visible
 *   company) but lets PostgreSQL read only those companies' lines from a (company_id, ...) index, such as
 *   endpoints_company_type_name, before checking the rest (the search's matches rely on it).
 */
export function endpointsInEstate(eb: ExpressionBuilder<Database, 'endpoints'>, scope: EstateScope) {
  const ofCompanies = eb('endpoints.company_id', 'in', scope.companyIds());
  if (scope.companyWide) return ofCompanies;
  const ofLines =
    scope.caller.profile.level === 'Site'
      ? eb('endpoints.site_id', 'in', scope.sites())
      : eb('endpoints.id', 'in', scope.endpoints());
  return eb.and([ofCompanies, ofLines]);
}

/**
 * The caller's orders, as {@link ordersInEstate}, with the company condition below Company level too: for a query
 * that finds orders by another column (the search's reference and number matches), it lets PostgreSQL take the
 * candidates from orders_company_type_created before checking the scope.
 */
export function ordersInEstateByCompany(eb: ExpressionBuilder<Database, 'orders'>, scope: EstateScope) {
  const ofCompanies = eb('orders.company_id', 'in', scope.companyIds());
  return scope.companyWide ? ofCompanies : eb.and([ofCompanies, eb('orders.id', 'in', scope.orders())]);
}

/** The caller's sites: the set `scope.sites()` gives. */
export function sitesInEstate(eb: ExpressionBuilder<Database, 'sites'>, scope: EstateScope) {
  return scope.companyWide ? eb('sites.company_id', 'in', scope.companyIds()) : eb('sites.id', 'in', scope.sites());
}

/** The caller's teams: the set `scope.teams()` gives. */
export function teamsInEstate(eb: ExpressionBuilder<Database, 'teams'>, scope: EstateScope) {
  return scope.companyWide ? eb('teams.company_id', 'in', scope.companyIds()) : eb('teams.id', 'in', scope.teams());
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
    const ids = scope.companyIds();
    const companies = isIdList(ids) ? sql.join(ids) : ids;
    return sql<SqlBool>`(${userId} = ${self}
      OR EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = ${userId} AND uc.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_sites us JOIN sites s ON s.id = us.site_id
        WHERE us.user_id = ${userId} AND s.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_teams ut JOIN teams t ON t.id = ut.team_id
        WHERE ut.user_id = ${userId} AND t.company_id IN (${companies}))
      OR EXISTS (SELECT 1 FROM user_endpoints ue WHERE ue.user_id = ${userId} AND ue.company_id IN (${companies})))`;
  }
  return sql<SqlBool>`(${userId} = ${self}
    OR EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = ${userId} AND us.site_id IN (${scope.sites()}))
    OR EXISTS (SELECT 1 FROM user_teams ut WHERE ut.user_id = ${userId} AND ut.team_id IN (${scope.teams()}))
    OR EXISTS (SELECT 1 FROM user_endpoints ue WHERE ue.user_id = ${userId}
      AND ue.endpoint_id IN (${scope.endpoints()})))`;
}

/**
 * The team memberships of the caller's estate: those whose team and endpoint are both in it. At Company level a
 * team of theirs holds only their companies' endpoints, and at Team level the estate is exactly the endpoints of
 * their teams, so the team says it (read from the key, where the company column would cost a fetch of each row); at
 * Site and EndPoint level an endpoint in the estate brings its teams in, so the endpoint says it. A team chart of a
 * company administrator or a team leader thus reads the team's rows without building the estate's endpoints.
 */
export function teamMembershipsInEstate(eb: ExpressionBuilder<Database, 'team_endpoints'>, scope: EstateScope) {
  if (scope.companyWide || scope.caller.profile.level === 'Team') {
    return eb('team_endpoints.team_id', 'in', scope.teams());
  }
  return eb('team_endpoints.endpoint_id', 'in', scope.endpoints());
}

/**
 * Whether every endpoint of each of the caller's sites is the caller's too, so what is kept per site (the usage
 * rollup) is theirs whole: at Company level, where the estate is whole companies, and at Site level, where it is
 * exactly the endpoints of their sites. At Team and EndPoint level a site is seen through some of its endpoints only.
 */
export function holdsSitesWhole(scope: EstateScope): boolean {
  return scope.companyWide || scope.caller.profile.level === 'Site';
}

/**
 * Whether every endpoint of each of the caller's teams is the caller's too, as {@link holdsSitesWhole} for sites: at
 * Company level, and at Team level, where the estate is exactly the endpoints of their teams.
 */
export function holdsTeamsWhole(scope: EstateScope): boolean {
  return scope.companyWide || scope.caller.profile.level === 'Team';
}
