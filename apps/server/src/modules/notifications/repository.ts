import type { Notification } from '@portal/contract';
import { sql } from 'kysely';
import { barStateOf, type RequestStatus } from '../../carriers/alert-bars.js';
import { runODataList } from '../../odata/index.js';
import { endpointsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { notificationsResource } from './resource.js';

/** The caller's own notices: whoever else may see a company, a notice is its reader's alone (decision 0214). */
function ownNotices(scope: EstateScope) {
  return scope.db.selectFrom('notifications').where('notifications.user_id', '=', scope.caller.userId);
}

/** A page of the caller's notices, newest first, whole. */
export async function listNotices(
  scope: EstateScope,
  options: { $top?: string; $skip?: string; $count?: string; $filter?: string },
) {
  const page = await runODataList({
    db: scope.db,
    baseQuery: ownNotices(scope),
    resource: notificationsResource,
    options: { ...options, $select: 'id' },
  });
  const notices = await noticesByIds(
    scope,
    page.value.map((row) => row.id as number),
  );
  const byId = new Map(notices.map((notice) => [notice.id, notice]));
  return { ...page, value: page.value.flatMap((row) => byId.get(row.id as number) ?? []) };
}

/** The caller's notices of these ids; a device the caller no longer sees is not named. */
export async function noticesByIds(scope: EstateScope, ids: readonly number[]): Promise<Notification[]> {
  if (ids.length === 0) return [];
  const rows = await ownNotices(scope)
    .innerJoin('companies', 'companies.id', 'notifications.company_id')
    .leftJoin('endpoints', (join) =>
      join.onRef('endpoints.id', '=', 'notifications.endpoint_id').on((eb) => endpointsInEstate(eb as never, scope)),
    )
    .leftJoin('carrier_requests as bar', 'bar.id', 'notifications.bar_request_id')
    .leftJoin('carrier_requests as undo', 'undo.id', 'notifications.undo_request_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.title',
      'notifications.body',
      'companies.name as company_name',
      'notifications.created_at',
      'notifications.read_at',
      'notifications.rule_id',
      'endpoints.id as endpoint_id',
      'endpoints.name as endpoint_name',
      'endpoints.identifier as endpoint_identifier',
      'notifications.bar_kind',
      'bar.status as bar_status',
      'undo.status as undo_status',
    ])
    .where('notifications.id', 'in', ids)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    companyName: row.company_name,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    ruleId: row.rule_id,
    device:
      row.endpoint_id !== null && row.endpoint_name !== null && row.endpoint_identifier !== null
        ? { id: row.endpoint_id, name: row.endpoint_name, identifier: row.endpoint_identifier }
        : null,
    bar:
      row.bar_kind === null
        ? null
        : {
            kind: row.bar_kind,
            state: barStateOf(row.bar_status as RequestStatus | null, row.undo_status as RequestStatus | null),
          },
  }));
}

export async function unreadCount(scope: EstateScope): Promise<number> {
  const row = await ownNotices(scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('notifications.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the caller's notices read (a read one keeps its time); false when it is not theirs. */
export async function markRead(scope: EstateScope, noticeId: number): Promise<boolean> {
  const row = await scope.db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', noticeId)
    .where('user_id', '=', scope.caller.userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(scope: EstateScope): Promise<void> {
  await scope.db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', scope.caller.userId)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * One of the caller's notices with its bar and line, locked for the transaction; the line only when it is in the
 * caller's estate.
 */
export function noticeForUndo(scope: EstateScope, noticeId: number) {
  return ownNotices(scope)
    .leftJoin('endpoints', (join) =>
      join.onRef('endpoints.id', '=', 'notifications.endpoint_id').on((eb) => endpointsInEstate(eb as never, scope)),
    )
    .leftJoin('carrier_requests as bar', 'bar.id', 'notifications.bar_request_id')
    .leftJoin('carrier_requests as undo', 'undo.id', 'notifications.undo_request_id')
    .select([
      'notifications.id',
      'notifications.bar_kind',
      'notifications.bar_request_id',
      'endpoints.id as endpoint_id',
      'endpoints.company_id',
      'endpoints.supplier_id',
      'endpoints.identifier',
      'bar.status as bar_status',
      'undo.status as undo_status',
    ])
    .where('notifications.id', '=', noticeId)
    .forUpdate('notifications')
    .executeTakeFirst();
}

/** Whether another bar change of the line is queued or sent (decision 0087: one open change of a kind per line). */
export async function barChangeOpen(scope: EstateScope, endpointId: number): Promise<boolean> {
  const row = await scope.db
    .selectFrom('carrier_requests')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('kind', '=', 'call_barring')
    .where('status', 'in', ['queued', 'sent'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the undo on the notice and on every other notice of the same bar, so each reader sees it lifted. */
export async function recordUndo(scope: EstateScope, noticeId: number, requestId: number): Promise<void> {
  await scope.db
    .updateTable('notifications')
    .set({ undo_request_id: requestId })
    .where((eb) =>
      eb.or([
        eb('id', '=', noticeId),
        eb(
          'bar_request_id',
          '=',
          eb.selectFrom('notifications as own').select('own.bar_request_id').where('own.id', '=', noticeId),
        ),
      ]),
    )
    .execute();
}
