import { AUDIT_HIDDEN_KEY, type AuditEntry, type AuditOperation, describeAuditEntry } from '@portal/contract';
import { sql } from 'kysely';
import { runODataList } from '../../odata/index.js';
import { type EstateScope, isIdList } from '../../scope/estate-scope.js';
import { auditLogResource, byResellerStaff } from './resource.js';

/**
 * The log's rows of the caller's companies (narrowed by the company filter through the scope), through the trail
 * (audit_company_trail), with the actor's user row joined as `actor` for the filters on who did it. One company
 * reads its own part of the trail's index in time order. Several read each row once, under the lowest of the
 * caller's companies it belongs to, and are sorted (decision 0221).
 */
export function entriesOfCompanies(scope: EstateScope) {
  const ids = scope.companyIds();
  const base = scope.db
    .selectFrom('audit_company_trail')
    .innerJoin('audit_log', 'audit_log.id', 'audit_company_trail.audit_id')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id');
  if (isIdList(ids) && ids.length === 1) return base.where('audit_company_trail.company_id', '=', ids[0]!);
  const ofCaller = isIdList(ids) ? sql`(${sql.join(ids.map((id) => sql`${id}::integer`))})` : sql`(${ids})`;
  return base.where('audit_company_trail.company_id', 'in', ids).where(
    sql<boolean>`audit_company_trail.company_id = (SELECT min(company) FROM unnest(audit_log.company_ids) AS company
        WHERE company IN ${ofCaller})`,
  );
}

type ListOptions = { $filter?: string | undefined; $orderby?: string | undefined; $top?: string; $skip?: string };

/** A page of the trail (OData filter, order and paging), each entry whole. */
export async function listEntries(scope: EstateScope, options: ListOptions & { $count?: string | undefined }) {
  const page = await runODataList({
    db: scope.db,
    baseQuery: entriesOfCompanies(scope),
    resource: auditLogResource,
    options: { ...options, $select: 'id', $expand: undefined },
  });
  const entries = await entriesByIds(
    scope,
    page.value.map((row) => row.id as number),
  );
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return { ...page, value: page.value.flatMap((row) => byId.get(row.id as number) ?? []) };
}

/** The caller's entries of these ids, as the API answers them. */
export async function entriesByIds(scope: EstateScope, ids: readonly number[]): Promise<AuditEntry[]> {
  if (ids.length === 0) return [];
  const rows = await entriesOfCompanies(scope)
    .leftJoin('partners as actor_partner', 'actor_partner.id', 'actor.partner_id')
    .leftJoin('users as behalf', 'behalf.id', 'audit_log.on_behalf_of_user_id')
    .where('audit_log.id', 'in', ids)
    .select([
      'audit_log.id',
      'audit_log.occurred_at',
      'audit_log.actor_user_id',
      'actor.user_name as actor_name',
      'actor.roles as actor_roles',
      'actor_partner.name as actor_partner_name',
      'audit_log.on_behalf_of_user_id',
      'behalf.user_name as on_behalf_of_name',
      'audit_log.table_name',
      'audit_log.operation',
      'audit_log.action',
      'audit_log.row_key',
      'audit_log.before',
      'audit_log.after',
      'audit_log.request_id',
    ])
    .select(byResellerStaff.as('by_reseller_staff'))
    .execute();
  return rows.map((row) => {
    const staff = row.actor_roles?.includes('partner-staff') ?? false;
    const operation = row.operation as AuditOperation | null;
    return {
      id: Number(row.id),
      occurredAt: new Date(row.occurred_at).toISOString(),
      actorUserId: row.actor_user_id,
      actorName: row.actor_name ?? null,
      actorPartnerName: staff ? (row.actor_partner_name ?? null) : null,
      onBehalfOfUserId: row.on_behalf_of_user_id,
      onBehalfOfName: row.on_behalf_of_name ?? null,
      byResellerStaff: Boolean(row.by_reseller_staff),
      tableName: row.table_name,
      operation,
      action: row.action,
      description: describeAuditEntry({ tableName: row.table_name, operation, action: row.action }),
      rowKey: shown(row.row_key),
      before: shown(row.before),
      after: shown(row.after),
      requestId: row.request_id,
    };
  });
}

/** A stored row or event details without any secret-like key, at any depth (the trigger strips the known ones). */
function shown(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return withoutSecrets(value as Record<string, unknown>);
}

function withoutSecrets(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (AUDIT_HIDDEN_KEY.test(key)) continue;
    kept[key] =
      inner !== null && typeof inner === 'object' && !Array.isArray(inner)
        ? withoutSecrets(inner as Record<string, unknown>)
        : inner;
  }
  return kept;
}
