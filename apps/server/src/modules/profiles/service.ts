import type { Functionality, Profile } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { findProfile, profileFunctionality } from './repository.js';

/** A profile by id; 404 when there is none. */
export async function profileOf(scope: EstateScope, profileId: number): Promise<Profile> {
  const profile = await findProfile(scope, profileId);
  if (!profile) throw notFound('No such profile');
  return profile;
}

/** A profile's default functionality; 404 when there is no such profile (an existing one may give none). */
export async function defaultFunctionalityOf(scope: EstateScope, profileId: number): Promise<Functionality[]> {
  const profile = await profileOf(scope, profileId);
  return profileFunctionality(scope, profile.id);
}
