import type { Kysely } from 'kysely';
import type { Database, SignInMethod } from '../../db/schema.js';

/** The longest user agent kept: enough to name the browser and system, bounded against hostile headers. */
const USER_AGENT_LIMIT = 500;

export type SessionStart = {
  familyId: string;
  userId: number;
  method: SignInMethod;
  secondFactor: 'authenticator' | 'recovery_code' | 'passkey' | null;
  address: string;
  userAgent: string | undefined;
};

/** Remembers how a sign-in session began (migration 0029), for the user's list of sessions and for enforcement. */
export async function recordSessionStart(db: Kysely<Database>, start: SessionStart, now = new Date()): Promise<void> {
  await db
    .insertInto('sign_in_sessions')
    .values({
      family_id: start.familyId,
      user_id: start.userId,
      method: start.method,
      second_factor: start.secondFactor,
      address: start.address.slice(0, 100),
      user_agent: start.userAgent?.slice(0, USER_AGENT_LIMIT) ?? null,
      started_at: now,
      last_active_at: now,
    })
    .execute();
}

/** A refresh is the session in use; the address it came from last is the one the list shows. */
export async function recordSessionActivity(
  db: Kysely<Database>,
  familyId: string,
  address: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('sign_in_sessions')
    .set({ last_active_at: now, address: address.slice(0, 100) })
    .where('family_id', '=', familyId)
    .execute();
}
