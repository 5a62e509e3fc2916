import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Actor = { userId: number | null; requestId: string | null };

/**
 * Runs a write in one transaction that the audit trigger attributes to the actor. Every write the API makes
 * goes through here, so the audit log always knows who and which request.
 */
export async function writeAs<T>(db: Kysely<Database>, actor: Actor, work: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('portal.actor_user_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
                     set_config('portal.request_id', ${actor.requestId ?? ''}, true)`.execute(trx);
    return work(trx);
  });
}
