import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** Done by the reseller's staff: viewing as a customer's user, or as themselves (their role). */
export const byResellerStaff = sql<boolean>`(audit_log.on_behalf_of_user_id IS NOT NULL
  OR coalesce('partner-staff' = ANY (actor.roles), false))`;

/**
 * What a company's audit trail may filter and sort on (decision 0221). The list answers whole entries, read by id
 * afterwards, so `$select` and `$expand` are not offered. Newest first, the id breaking ties the same way: the time
 * and id are the trail's (audit_company_trail), so a company's page is a backward read of its part of that index.
 */
export const auditLogResource = defineODataResource<Database, 'audit_log' | 'audit_company_trail'>()({
  name: 'auditLog',
  fields: {
    id: { type: 'number', column: 'audit_company_trail.audit_id' },
    occurredAt: { type: 'datetime', column: 'audit_company_trail.occurred_at' },
    actorUserId: { type: 'number', column: 'audit_log.actor_user_id', nullable: true, sortable: false },
    actorName: { type: 'string', expression: sql`actor.user_name`, nullable: true, sortable: false },
    onBehalfOfUserId: { type: 'number', column: 'audit_log.on_behalf_of_user_id', nullable: true, sortable: false },
    tableName: { type: 'string', column: 'audit_log.table_name', sortable: false },
    operation: { type: 'string', column: 'audit_log.operation', nullable: true, sortable: false },
    action: { type: 'string', column: 'audit_log.action', nullable: true, sortable: false },
    byResellerStaff: { type: 'boolean', expression: byResellerStaff, sortable: false },
  },
  key: 'audit_company_trail.audit_id',
  defaultOrder: [
    { field: 'occurredAt', direction: 'desc' },
    { field: 'id', direction: 'desc' },
  ],
  maxTop: 100,
});
