import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ViewedBy } from '../../auth/access-tokens.js';
import type { Database } from '../../db/schema.js';

/**
 * A customer user of the partner whom its staff may view the portal as (decision 0220): of that partner, with the
 * customer role and not a staff member. Anyone else is no candidate, as if they did not exist.
 */
export async function customerUserOf(db: Kysely<Database>, partnerId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select([
      'users.id',
      'users.user_name',
      'users.email_address',
      'users.roles',
      'profiles.name as profile_name',
      sql<{ id: number; name: string }[]>`coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name)
        ORDER BY c.name, c.id) FROM user_companies uc JOIN companies c ON c.id = uc.company_id
        WHERE uc.user_id = users.id), '[]'::json)`.as('companies'),
    ])
    .where('users.id', '=', userId)
    .where('users.partner_id', '=', partnerId)
    .where(sql<boolean>`'customer' = ANY(users.roles) AND NOT 'partner-staff' = ANY(users.roles)`)
    .executeTakeFirst();
  if (!row) return undefined;
  const companies = typeof row.companies === 'string' ? JSON.parse(row.companies) : row.companies;
  return {
    id: row.id,
    userName: row.user_name,
    emailAddress: row.email_address,
    profile: row.profile_name,
    roles: row.roles,
    companies: companies as { id: number; name: string }[],
  };
}
export type CustomerUser = NonNullable<Awaited<ReturnType<typeof customerUserOf>>>;

/** What an access token says of a user: the claims a sign-in's token carries. */
export async function tokenUserOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.id', 'users.user_name', 'users.email_address', 'users.roles', 'profiles.name as profile_name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The names of companies, by id, in name order. */
export async function companyNames(db: Kysely<Database>, companyIds: readonly number[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', [...companyIds])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The staff member viewing the portal through this session, if it is a view as customer: its tokens name them. */
export async function viewerOfSession(db: Kysely<Database>, sessionId: string): Promise<ViewedBy | undefined> {
  const row = await db
    .selectFrom('view_as_sessions')
    .innerJoin('users', 'users.id', 'view_as_sessions.staff_user_id')
    .select(['users.id', 'users.user_name'])
    .where('view_as_sessions.session_id', '=', sessionId)
    .executeTakeFirst();
  return row ? { userId: row.id, userName: row.user_name } : undefined;
}

export type ViewAsStart = {
  sessionId: string;
  userId: number;
  staffUserId: number;
  staffSessionId: string;
  reason: string;
  startedAt: Date;
  endsAt: Date;
};

export async function insertViewAs(db: Kysely<Database>, view: ViewAsStart): Promise<void> {
  await db
    .insertInto('view_as_sessions')
    .values({
      session_id: view.sessionId,
      user_id: view.userId,
      staff_user_id: view.staffUserId,
      staff_session_id: view.staffSessionId,
      reason: view.reason,
      started_at: view.startedAt,
      ends_at: view.endsAt,
    })
    .execute();
}

/** Marks the view ended (by its end call); one that ran out is known by its ends_at. */
export async function markViewAsEnded(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('view_as_sessions')
    .set({ ended_at: now })
    .where('session_id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** The name of a partner (the staff member's, for the view's banner). */
export async function partnerNameOf(db: Kysely<Database>, partnerId: number): Promise<string> {
  const row = await db.selectFrom('partners').select('name').where('id', '=', partnerId).executeTakeFirstOrThrow();
  return row.name;
}
