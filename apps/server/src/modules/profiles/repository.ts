import { type Functionality, FunctionalitySchema, type Profile, ProfileSchema } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';

// Profiles and the functionality catalogue are reference data, the same for every tenant: these functions take the
// scope like every repository (the caller's own functionality needs its user) but apply no estate filter to them.

function functionalityQuery(scope: EstateScope) {
  return scope.db
    .selectFrom('functionality')
    .select([
      'functionality.id',
      'functionality.code',
      'functionality.description',
      'functionality.access_type as accessType',
    ])
    .orderBy('functionality.code')
    .orderBy('functionality.id');
}

/**
 * The functionality the caller holds. Every signed-in page asks for it, so its rows are not parsed here as well
 * as by the answer's schema, which checks each on the way out (the column types are the catalogue's strings).
 */
export async function callersFunctionality(scope: EstateScope): Promise<Functionality[]> {
  const rows = await functionalityQuery(scope)
    .innerJoin('user_functionality', 'user_functionality.functionality_id', 'functionality.id')
    .where('user_functionality.user_id', '=', scope.caller.userId)
    .execute();
  return rows as Functionality[];
}

/** Every functionality code with each access type it has. */
export async function functionalityCatalogue(scope: EstateScope): Promise<Functionality[]> {
  return FunctionalitySchema.array().parse(await functionalityQuery(scope).execute());
}

/** Every profile, by name. */
export async function listProfiles(scope: EstateScope): Promise<Profile[]> {
  const rows = await scope.db.selectFrom('profiles').select(['id', 'name', 'level']).orderBy('name').execute();
  return ProfileSchema.array().parse(rows);
}

export async function findProfile(scope: EstateScope, profileId: number): Promise<Profile | undefined> {
  const row = await scope.db
    .selectFrom('profiles')
    .select(['id', 'name', 'level'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  return row && ProfileSchema.parse(row);
}

/** The functionality a profile gives a new user by default. */
export async function profileFunctionality(scope: EstateScope, profileId: number): Promise<Functionality[]> {
  const rows = await functionalityQuery(scope)
    .innerJoin('profile_functionality', 'profile_functionality.functionality_id', 'functionality.id')
    .where('profile_functionality.profile_id', '=', profileId)
    .execute();
  return FunctionalitySchema.array().parse(rows);
}
