import type { AccessType, FunctionalityCode, ProfileLevel } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { type EstateCaller, type EstateScope, estateScope } from '../../src/scope/estate-scope.js';

/** A user of the database as an estate scope sees its caller: level, partner and functionality, as at sign-in. */
export async function estateCallerOf(db: Kysely<Database>, userName: string): Promise<EstateCaller> {
  const user = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.id', 'users.partner_id', 'profiles.id as profileId', 'profiles.name', 'profiles.level'])
    .where('users.user_name', '=', userName)
    .executeTakeFirstOrThrow();
  const grants = await db
    .selectFrom('user_functionality')
    .innerJoin('functionality', 'functionality.id', 'user_functionality.functionality_id')
    .select(['functionality.code', 'functionality.access_type'])
    .where('user_functionality.user_id', '=', user.id)
    .execute();
  const held = new Set(grants.map((grant) => `${grant.code}:${grant.access_type}`));
  return {
    userId: user.id,
    partnerId: user.partner_id,
    profile: { id: user.profileId, name: user.name, level: user.level as ProfileLevel },
    can: (code: FunctionalityCode, accessType: AccessType) => held.has(`${code}:${accessType}`),
  };
}

export async function estateScopeOf(db: Kysely<Database>, userName: string): Promise<EstateScope> {
  return estateScope(db, await estateCallerOf(db, userName));
}
