import { PROFILE_LEVELS, type ProfileLevel } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { estateScope } from '../../src/scope/estate-scope.js';

/**
 * The escalation sweep's own account of what each user holds, kept apart from the rule it checks
 * (src/scope/holdings.ts): the estate scope is shared, since it is what every read of the API is limited by.
 */

export const REACH = ['companies', 'sites', 'teams', 'endpoints'] as const;
type Reach = (typeof REACH)[number];

export type Holding = {
  userName: string;
  level: ProfileLevel;
  functionality: Set<number>;
  roles: Set<string>;
  reach: Record<Reach, Set<number>>;
};

/** Every user of the partner, by id, with what they hold. */
export async function holdingsOf(db: Kysely<Database>, partnerId: number): Promise<Map<number, Holding>> {
  const users = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select([
      'users.id',
      'users.user_name',
      'users.roles',
      'profiles.id as profileId',
      'profiles.name',
      'profiles.level',
    ])
    .where('users.partner_id', '=', partnerId)
    .execute();
  const grants = await db
    .selectFrom('user_functionality')
    .innerJoin('users', 'users.id', 'user_functionality.user_id')
    .select(['user_functionality.user_id', 'user_functionality.functionality_id'])
    .where('users.partner_id', '=', partnerId)
    .execute();
  const holdings = new Map<number, Holding>();
  for (const user of users) {
    const level = user.level as ProfileLevel;
    const scope = estateScope(db, {
      userId: user.id,
      partnerId,
      profile: { id: user.profileId, name: user.name, level },
      can: () => false,
    });
    const rows = await sql<{ kind: Reach; id: number | null }>`
      SELECT 'companies' AS kind, id FROM (${scope.companies()}) c
      UNION ALL SELECT 'sites', id FROM (${scope.sites()}) s
      UNION ALL SELECT 'teams', id FROM (${scope.teams()}) t
      UNION ALL SELECT 'endpoints', id FROM (${scope.endpoints()}) e`.execute(db);
    const reach = Object.fromEntries(REACH.map((kind) => [kind, new Set<number>()])) as Holding['reach'];
    for (const row of rows.rows) if (row.id !== null) reach[row.kind].add(row.id);
    holdings.set(user.id, {
      userName: user.user_name,
      level,
      functionality: new Set(grants.filter((g) => g.user_id === user.id).map((g) => g.functionality_id)),
      roles: new Set(user.roles),
      reach,
    });
  }
  return holdings;
}

const rank = (level: ProfileLevel) => PROFILE_LEVELS.indexOf(level);
const missing = <T>(held: Set<T>, of: Iterable<T>) => [...of].filter((item) => !held.has(item));

/** What of `holding` lies beyond `admin`'s, as readable reasons; none when it lies within. */
export function beyond(holding: Holding, admin: Holding): string[] {
  return gainsBeyond(undefined, holding, admin);
}

/**
 * What `after` holds that `before` did not (everything when there was no before) and `admin` does not hold: a
 * write may take things away from anyone, but it may give only what the administrator holds. Records the write
 * itself created (a new team or site) are the administrator's: they made them in a company of theirs, and what
 * such a record holds is checked as its lines.
 */
export function gainsBeyond(
  before: Holding | undefined,
  after: Holding,
  admin: Holding,
  created: ReadonlySet<string> = new Set(),
): string[] {
  const reasons: string[] = [];
  const levelChanged = before === undefined || before.level !== after.level;
  if (levelChanged && rank(after.level) < rank(admin.level)) reasons.push(`level ${after.level} above ${admin.level}`);
  const gained = <T>(pick: (h: Holding) => Set<T>) =>
    before === undefined ? [...pick(after)] : missing(pick(before), pick(after));
  const functionality = missing(
    admin.functionality,
    gained((h) => h.functionality),
  );
  if (functionality.length > 0) reasons.push(`functionality ${functionality.join(',')}`);
  const roles = missing(
    admin.roles,
    gained((h) => h.roles),
  );
  if (roles.length > 0) reasons.push(`roles ${roles.join(',')}`);
  for (const kind of REACH) {
    const extra = missing(
      admin.reach[kind],
      gained((h) => h.reach[kind]),
    ).filter((id) => !created.has(`${kind}:${id}`));
    if (extra.length > 0) reasons.push(`${kind} ${extra.slice(0, 5).join(',')}`);
  }
  return reasons;
}
