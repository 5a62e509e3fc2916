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
 * The caller's endpoints: the set `scope.endpoints()` gives. At Site level the estate is exactly the endpoints of
 * their sites, so the row's own `site_id` says it too; both that and the Company level's `company_id` test a column
 * of the row against a handful of ids, where `id in endpoints()` would first build the set of every line of the
 * estate (8,735 for the largest company of the large data set) to find a page or one site's hundred.
 */
export function endpointsInEstate(eb: ExpressionBuilder<Database, 'endpoints'>, scope: EstateScope) {
  if (scope.companyWide) return eb('endpoints.company_id', 'in', scope.companies());
  if (scope.caller.profile.level === 'Site') return eb('endpoints.site_id', 'in', scope.sites());
  return eb('endpoints.id', 'in', scope.endpoints());
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
