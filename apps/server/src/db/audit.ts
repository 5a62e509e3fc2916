import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Actor = {
  userId: number | null;
  requestId: string | null;
  /** The customer's user a reseller's staff member (the user above) is viewing the portal as (migration 0034). */
  onBehalfOfUserId?: number | null;
};

/**
 * Runs a write in one transaction that the audit trigger attributes to the actor. Every write the API makes
 * goes through here, so the audit log always knows who and which request.
 */
export async function writeAs<T>(db: Kysely<Database>, actor: Actor, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('portal.actor_user_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
                     set_config('portal.request_id', ${actor.requestId ?? ''}, true),
                     set_config('portal.on_behalf_of_user_id', ${actor.onBehalfOfUserId ? String(actor.onBehalfOfUserId) : ''}, true)`.execute(
      trx,
    );
    return work(trx);
  });
}

export type AuditEvent = {
  /** Dotted, lower case: 'login.succeeded', 'login.failed', 'password.changed', 'session.reuse_detected'. */
  action: string;
  actor: Actor;
  target?: { table: string; key: Record<string, unknown> };
  details?: Record<string, unknown>;
  /**
   * Whose trail it is part of: the companies whose administrators may read it (migration 0034). Without it, the
   * database's audit_event_companies: the companies of the record the target names, else the acting user's (so a
   * sign-in, a password change or reset is in the trail of the user's companies); none for an unknown actor.
   */
  companyIds?: readonly number[];
  /** The customer's user the actor, a reseller's staff member, was viewing the portal as (default the actor's). */
  onBehalfOfUserId?: number;
};

/** Records something that happened but changed no business row itself, such as a sign-in or a failed one. */
export async function recordEvent(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: event.action,
      actor_user_id: event.actor.userId,
      request_id: event.actor.requestId,
      table_name: event.target?.table ?? 'events',
      row_key: event.target ? JSON.stringify(event.target.key) : null,
      after: event.details ? JSON.stringify(event.details) : null,
      operation: null,
      before: null,
      company_ids: event.companyIds
        ? [...event.companyIds]
        : sql<number[] | null>`audit_event_companies(${event.target?.table ?? 'events'}, ${
            event.target ? JSON.stringify(event.target.key) : null
          }::jsonb, ${event.actor.userId}::integer)`,
      on_behalf_of_user_id: event.onBehalfOfUserId ?? event.actor.onBehalfOfUserId ?? null,
    })
    .execute();
}
