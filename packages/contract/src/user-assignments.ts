import type { ProfileAssignmentItem } from './messages';
import type { ProfileLevel } from './permissions';

/** The five assignment lists of a user (spec 3), as the user form's tabs and the save name them. */
export const USER_ASSIGNMENT_LISTS = ['companies', 'sites', 'teams', 'mobileEndPoints', 'broadbandEndPoints'] as const;
export type UserAssignmentList = (typeof USER_ASSIGNMENT_LISTS)[number];

/** What one item of each list is called in spec 5's 'A {profile} must be assigned to at least one {item}.' */
export const USER_ASSIGNMENT_ITEM: Readonly<Record<UserAssignmentList, ProfileAssignmentItem>> = {
  companies: 'company',
  sites: 'site',
  teams: 'team',
  mobileEndPoints: 'mobile device',
  broadbandEndPoints: 'broadband contract',
};

/**
 * The lists a profile's users are assigned by (spec 2.11 and decision 0109): its level's, and for EndPoint
 * profiles the kind its name says ('Mobile' or 'Broadband'), either when it says neither. The server refuses items
 * in any other list; the user form shows only these tabs.
 */
export function assignmentListsOf(profile: { name: string; level: ProfileLevel }): UserAssignmentList[] {
  switch (profile.level) {
    case 'Company':
      return ['companies'];
    case 'Site':
      return ['sites'];
    case 'Team':
      return ['teams'];
    case 'EndPoint':
      if (/mobile/i.test(profile.name)) return ['mobileEndPoints'];
      if (/broadband/i.test(profile.name)) return ['broadbandEndPoints'];
      return ['mobileEndPoints', 'broadbandEndPoints'];
  }
}
