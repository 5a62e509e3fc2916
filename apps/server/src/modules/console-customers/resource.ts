import { ENDPOINT_TYPE } from '@portal/contract';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

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

/** The console's Customers list: each company of the partner with its counts (all filterable and sortable). */
export const customersResource = defineODataResource<Database, 'companies'>()({
  name: 'customers',
  fields: {
    id: { type: 'number', column: 'companies.id' },
    name: { type: 'string', column: 'companies.name' },
    accountNumber: { type: 'string', column: 'companies.account_number' },
    createdDate: { type: 'datetime', column: 'companies.created_at' },
    users: { type: 'number', expression: COUNT_EXPRESSIONS.users },
    mobileDevices: { type: 'number', expression: COUNT_EXPRESSIONS.mobileDevices },
    broadbandContracts: { type: 'number', expression: COUNT_EXPRESSIONS.broadbandContracts },
    sites: { type: 'number', expression: COUNT_EXPRESSIONS.sites },
    teams: { type: 'number', expression: COUNT_EXPRESSIONS.teams },
  },
  key: 'companies.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
});

/**
 * A customer's users. Whether the sign-in throttle holds a username is not a column: the list answers it for the
 * page's rows after the page is chosen.
 */
export const customerUsersResource = defineODataResource<Database, 'users' | 'profiles'>()({
  name: 'customer users',
  fields: {
    id: { type: 'number', column: 'users.id' },
    userName: { type: 'string', column: 'users.user_name' },
    emailAddress: { type: 'string', column: 'users.email_address' },
    profileName: { type: 'string', column: 'profiles.name' },
    awaitingFirstPassword: {
      type: 'boolean',
      expression: sql<boolean>`coalesce((SELECT uc.awaiting_first_password FROM user_credentials uc
        WHERE uc.user_id = users.id), false)`,
    },
    lastSignIn: {
      type: 'datetime',
      nullable: true,
      // The sign-ins the audit trail records (My Account's recent sign-ins read the same), newest first by its index.
      expression: sql<Date | null>`(SELECT a.occurred_at FROM audit_log a
        WHERE a.actor_user_id = users.id AND a.action = 'login.succeeded' ORDER BY a.occurred_at DESC LIMIT 1)`,
    },
  },
  key: 'users.id',
  defaultOrder: [{ field: 'userName', direction: 'asc' }],
  maxTop: 100,
});
