import type { ReportSubscription, ReportSubscriptionSave } from '@portal/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ReportSubscriptionsTable } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/*
 * The rows of report_subscriptions (migration 0033, docs/decisions/0216). The API's calls reach the caller's own
 * through the scope (another user's subscription is not found); the scheduled run claims due ones of anybody.
 */

export type SubscriptionRow = Selectable<ReportSubscriptionsTable>;

export function subscriptionOf(row: SubscriptionRow): ReportSubscription {
  const state = row.stopped_reason !== null ? 'stopped' : row.paused ? 'paused' : 'active';
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    frequency: row.frequency,
    sendToMe: row.send_to_me,
    emails: row.emails,
    paused: row.paused,
    state,
    stoppedReason: row.stopped_reason,
    nextRunAt: state === 'active' && row.next_run_at ? row.next_run_at.toISOString() : null,
    lastSentAt: row.last_run_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The caller's subscriptions, oldest first. */
export function listOwn(scope: EstateScope): Promise<SubscriptionRow[]> {
  return scope.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('user_id', '=', scope.caller.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countOwn(scope: EstateScope): Promise<number> {
  const row = await scope.db
    .selectFrom('report_subscriptions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** One of the caller's subscriptions, locked until the write's transaction ends; undefined when not theirs. */
export function lockOwn(scope: EstateScope, id: number): Promise<SubscriptionRow | undefined> {
  return scope.db
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .forUpdate()
    .executeTakeFirst();
}

const savedColumns = (save: ReportSubscriptionSave) => ({
  kind: save.kind,
  format: save.format,
  frequency: save.frequency,
  send_to_me: save.sendToMe,
  emails: [...save.emails],
  paused: save.paused ?? false,
});

export function insertOwn(scope: EstateScope, save: ReportSubscriptionSave, nextRunAt: Date | null) {
  return scope.db
    .insertInto('report_subscriptions')
    .values({ user_id: scope.caller.userId, ...savedColumns(save), next_run_at: nextRunAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Saves the form; a save is the owner's say-so, so it clears a stop (its permission was checked again). */
export function updateOwn(scope: EstateScope, id: number, save: ReportSubscriptionSave, nextRunAt: Date | null) {
  return scope.db
    .updateTable('report_subscriptions')
    .set({
      ...savedColumns(save),
      next_run_at: nextRunAt,
      stopped_reason: null,
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteOwn(scope: EstateScope, id: number): Promise<boolean> {
  const deleted = await scope.db
    .deleteFrom('report_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', scope.caller.userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * The subscription due longest ago that no other server holds, locked until the transaction ends: a run that
 * claims it queues its e-mail and moves next_run_at on before it commits, so another server, skipping it while
 * locked, finds it no longer due after.
 */
export function claimDue(trx: Kysely<Database>): Promise<SubscriptionRow | undefined> {
  return trx
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('next_run_at', '<=', sql<Date>`now()`)
    .where('paused', '=', false)
    .where('stopped_reason', 'is', null)
    .orderBy('next_run_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export function recordRun(
  trx: Kysely<Database>,
  id: number,
  values: { next_run_at?: Date | null; last_run_at?: Date; last_error?: string | null; stopped_reason?: string | null },
) {
  return trx
    .updateTable('report_subscriptions')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscriber as a run needs them: who they are, of which partner, at which level, holding what; now. */
export async function subscriberRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .innerJoin('partners', 'partners.id', 'users.partner_id')
    .select([
      'users.id',
      'users.user_name',
      'users.email_address',
      'users.partner_id',
      'partners.name as partner_name',
      'profiles.id as profile_id',
      'profiles.name as profile_name',
      'profiles.level as profile_level',
      sql<string[]>`ARRAY(SELECT f.code || ':' || f.access_type FROM user_functionality uf
        JOIN functionality f ON f.id = uf.functionality_id WHERE uf.user_id = users.id)`.as('grants'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
