import {
  assignmentListsOf,
  PROFILE_LEVELS,
  type Profile,
  type ProfileLevel,
  type UserAssignmentList,
} from '@portal/contract';

/** The user form's tabs: Functionality, then the assignment lists of the profile (none until one is chosen). */
export type UserFormTab = 'functionality' | UserAssignmentList;

export const TAB_LABELS: Readonly<Record<UserFormTab, string>> = {
  functionality: 'Functionality',
  companies: 'Companies',
  sites: 'Sites',
  teams: 'Teams',
  mobileEndPoints: 'Mobile Devices',
  broadbandEndPoints: 'Broadband Contracts',
};

/** Spec 2.11: the tabs shown by the profile's level, and for EndPoint profiles by 'Mobile'/'Broadband' in its name. */
export function visibleTabs(profile: Pick<Profile, 'name' | 'level'> | undefined): UserFormTab[] {
  return ['functionality', ...(profile ? assignmentListsOf(profile) : [])];
}

export type FormMode = 'Add' | 'Edit' | 'View';

/**
 * Spec 2.11 and 5: Add with Write and no id, Edit with Write and an id, View otherwise, and always View for the
 * signed-in user's own record.
 */
export function formMode({
  canWrite,
  userId,
  ownRecord,
}: {
  canWrite: boolean;
  userId: number | undefined;
  ownRecord: boolean;
}): FormMode {
  if (!canWrite || ownRecord) return 'View';
  return userId === undefined ? 'Add' : 'Edit';
}

/**
 * The profiles an administrator may give: their own level and below (decision 0109 refuses a higher one). Their
 * own profile comes by name from the token; if it is not among the profiles, all are offered and the server judges.
 */
export function offerableProfiles(profiles: readonly Profile[], ownProfileName: string | undefined): Profile[] {
  const own = profiles.find((profile) => profile.name === ownProfileName);
  if (!own) return [...profiles];
  const rank = (level: ProfileLevel) => PROFILE_LEVELS.indexOf(level);
  return profiles.filter((profile) => rank(profile.level) >= rank(own.level));
}
