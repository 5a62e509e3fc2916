import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';
import { COUNT_EXPRESSIONS } from './counts.js';

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
