import { PROFILE_LEVELS, type ProfileLevel } from '@portal/contract';
import { sql } from 'kysely';
import { type EstateScope, estateScope, type IdQuery } from './estate-scope.js';

/**
 * The one rule of every administrative write (docs/decisions/0118): an administrator may add, change or delete a
 * user only when everything that user holds lies within what the administrator holds (profile level, functionality
 * with its access types, roles, and the companies, sites, teams and lines they reach), and may change or delete a
 * team or site only when its lines are all theirs. A team or site brings its lines, not its name: a team seen
 * through one of one's own devices is not held while it groups devices of other sites.
 *
 * Each check reads through `scope.db`, so inside a write's transaction it sees what that transaction has written.
 */

/** What an estate's reach is made of, in the order a refusal names it. */
export const REACH_KINDS = ['companies', 'sites', 'teams', 'endpoints'] as const;
export type ReachKind = (typeof REACH_KINDS)[number];

/** How a user's holding goes beyond the administrator's: the first way found. */
export type Excess =
  | { kind: 'level'; level: ProfileLevel }
  | { kind: 'functionality'; code: string; description: string; accessType: string }
  | { kind: 'role'; role: string }
  | { kind: 'reach'; reach: ReachKind };

/** Higher levels hold more: Company 0 ... EndPoint 3. */
export const levelRank = (level: ProfileLevel) => PROFILE_LEVELS.indexOf(level);

/** The administrator's whole estate: the company filter narrows what a page shows, never what one holds. */
const heldBy = (scope: EstateScope) => estateScope(scope.db, scope.caller);

/** How the user's holding exceeds the caller's, or undefined when it lies within it (or the user does not exist). */
export async function excessOfUser(scope: EstateScope, userId: number): Promise<Excess | undefined> {
  const admin = scope.caller;
  const user = await scope.db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select([
      'users.id',
      'users.partner_id',
      'profiles.id as profileId',
      'profiles.name as profileName',
      'profiles.level',
      sql<string[]>`ARRAY(SELECT unnest(users.roles) EXCEPT
        SELECT unnest(a.roles) FROM users a WHERE a.id = ${admin.userId})`.as('rolesBeyond'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const level = user.level as ProfileLevel;
  if (levelRank(level) < levelRank(admin.profile.level)) return { kind: 'level', level };
  const [role] = user.rolesBeyond;
  if (role !== undefined) return { kind: 'role', role };

  const functionality = await scope.db
    .selectFrom('user_functionality')
    .innerJoin('functionality', 'functionality.id', 'user_functionality.functionality_id')
    .select(['functionality.code', 'functionality.description', 'functionality.access_type as accessType'])
    .where('user_functionality.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_functionality as held')
            .select('held.functionality_id')
            .where('held.user_id', '=', admin.userId)
            .whereRef('held.functionality_id', '=', 'user_functionality.functionality_id'),
        ),
      ),
    )
    .orderBy('functionality.code')
    .limit(1)
    .executeTakeFirst();
  if (functionality) return { kind: 'functionality', ...functionality };

  const theirs = estateScope(scope.db, {
    userId,
    partnerId: user.partner_id,
    profile: { id: user.profileId, name: user.profileName, level },
    can: () => false,
  });
  const ours = heldBy(scope);
  for (const reach of REACH_KINDS) {
    if (await reachesBeyond(scope, theirs[reach](), ours[reach]())) return { kind: 'reach', reach };
  }
  return undefined;
}

/** Whether every line of the team is the caller's (a team holds nothing else), so they may change or delete it. */
export async function holdsTeam(scope: EstateScope, teamId: number): Promise<boolean> {
  const lines = scope.db.selectFrom('team_endpoints').select('endpoint_id as id').where('team_id', '=', teamId);
  return !(await reachesBeyond(scope, lines as unknown as IdQuery, heldBy(scope).endpoints()));
}

/** Whether the site is the caller's and so is every line on it, so they may change or delete it. */
export async function holdsSite(scope: EstateScope, siteId: number): Promise<boolean> {
  const ours = heldBy(scope);
  const site = scope.db.selectFrom('sites').select('id').where('id', '=', siteId) as unknown as IdQuery;
  const lines = scope.db.selectFrom('endpoints').select('id').where('site_id', '=', siteId) as unknown as IdQuery;
  return !(await reachesBeyond(scope, site, ours.sites())) && !(await reachesBeyond(scope, lines, ours.endpoints()));
}

/**
 * Whether `theirs` holds an id that `ours` lacks. EXCEPT rather than NOT IN: a line with no site puts a null
 * into a sites set, and `x NOT IN (…, null)` is never true, which would let anything through.
 */
async function reachesBeyond(scope: EstateScope, theirs: IdQuery, ours: IdQuery) {
  const beyond = await scope.db
    .selectFrom(theirs.except(ours).as('beyond'))
    .select('beyond.id')
    .where('beyond.id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return beyond !== undefined;
}
