import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, SessionSecondFactor, SignInMethod, SignInSessionsTable } from '../../db/schema.js';
import type { EstateScope } from '../../scope/estate-scope.js';

/** The longest user agent kept: enough to name the browser and system, bounded against hostile headers. */
const USER_AGENT_LIMIT = 500;

export type SessionStart = {
  familyId: string;
  userId: number;
  method: SignInMethod;
  secondFactor: SessionSecondFactor | null;
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

/**
 * A session is live while a main token of its family can still be refreshed: not revoked, not yet used (its
 * successor is the one to use), within its idle and absolute lifetimes. The same test as the sign-in history's.
 */
const isLive = (now: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM refresh_tokens t
    WHERE t.family_id = sign_in_sessions.family_id AND t.user_id = sign_in_sessions.user_id
      AND t.audience = 'main' AND t.revoked_at IS NULL AND t.used_at IS NULL
      AND t.idle_expires_at > ${now} AND t.absolute_expires_at > ${now})`;

export type LiveSessionRow = Selectable<SignInSessionsTable>;

/** The caller's own live sessions, latest used first. */
export async function liveSessionsOf(scope: EstateScope, now = new Date()): Promise<LiveSessionRow[]> {
  return scope.db
    .selectFrom('sign_in_sessions')
    .selectAll()
    .where('user_id', '=', scope.caller.userId)
    .where(isLive(now))
    .orderBy('last_active_at', 'desc')
    .orderBy('started_at', 'desc')
    .execute();
}

/**
 * One of the caller's live sessions, its row locked until the transaction ends (so two ends of it, or an end and a
 * refresh's activity, take turns); undefined when it is not theirs or not live.
 */
export async function liveSessionOf(
  scope: EstateScope,
  familyId: string,
  now = new Date(),
): Promise<LiveSessionRow | undefined> {
  return scope.db
    .selectFrom('sign_in_sessions')
    .selectAll()
    .where('family_id', '=', familyId)
    .where('user_id', '=', scope.caller.userId)
    .where(isLive(now))
    .forUpdate()
    .executeTakeFirst();
}
