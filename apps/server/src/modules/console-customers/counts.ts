import { ENDPOINT_TYPE } from '@portal/contract';
import { type Expression, type RawBuilder, sql } from 'kysely';

/*
 * What the console counts of a customer company, each a correlated count over an index that starts with the
 * company (decision 0219): endpoints_company_type_name, sites_company_name, teams_company_name, and for users
 * user_companies_company, user_endpoints_company_user and the sites' and teams' user links. PostgreSQL evaluates
 * them only for the page's rows when the list is sorted by a column of the company, and for the partner's companies
 * when sorted by a count; none reads call records or usage.
 */

/** The ids of the users linked to the company in any way: to it, or to one of its sites, teams or lines. */
export function linkedUserIds(companyId: Expression<number>): RawBuilder<{ user_id: number }> {
  return sql`(SELECT uc.user_id FROM user_companies uc WHERE uc.company_id = ${companyId}
    UNION SELECT us.user_id FROM user_sites us JOIN sites s ON s.id = us.site_id WHERE s.company_id = ${companyId}
    UNION SELECT ut.user_id FROM user_teams ut JOIN teams t ON t.id = ut.team_id WHERE t.company_id = ${companyId}
    UNION SELECT ue.user_id FROM user_endpoints ue WHERE ue.company_id = ${companyId})`;
}

/** A user who is one of the partner's staff is never a customer's user, even if linked to the company. */
export function isCustomerUser(user: { roles: Expression<string[]> }): RawBuilder<boolean> {
  return sql<boolean>`NOT ('partner-staff' = ANY(${user.roles}))`;
}

const companyId = sql.ref<number>('companies.id');

export const COUNT_EXPRESSIONS = {
  users: sql<number>`(SELECT count(*)::int FROM ${linkedUserIds(companyId)} linked
    JOIN users cu ON cu.id = linked.user_id
    WHERE cu.partner_id = companies.partner_id AND ${isCustomerUser({ roles: sql.ref('cu.roles') })})`,
  mobileDevices: sql<number>`(SELECT count(*)::int FROM endpoints e
    WHERE e.company_id = ${companyId} AND e.endpoint_type_id = ${ENDPOINT_TYPE.mobile})`,
  broadbandContracts: sql<number>`(SELECT count(*)::int FROM endpoints e
    WHERE e.company_id = ${companyId} AND e.endpoint_type_id = ${ENDPOINT_TYPE.broadband})`,
  sites: sql<number>`(SELECT count(*)::int FROM sites s WHERE s.company_id = ${companyId})`,
  teams: sql<number>`(SELECT count(*)::int FROM teams t WHERE t.company_id = ${companyId})`,
} as const;
