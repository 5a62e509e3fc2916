import {
  assignmentListsOf,
  PROFILE_LEVELS,
  type ProfileAssignmentItem,
  type ProfileLevel,
  profileAssignmentRequiredMessage,
  type User,
  type UserSave,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import { hashPassword } from '../../auth/password-hashing.js';
import { generateTemporaryPassword } from '../../auth/password-policy.js';
import type { Actor } from '../../db/audit.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import type { AfterAnswer } from '../../http/after-answer.js';
import { idNotMatchingPath, invalidField, notFound } from '../../http/errors.js';
import { type Mailer, temporaryPasswordEmail } from '../../mail/mailer.js';
import { NEW_USER_PASSWORD_LIFETIME_MS, partnerNameOf } from '../passwords/repository.js';
import * as users from './repository.js';

const noSuchUser = () => notFound('No such user');

/** One user of the caller's estate with their functionality and assignments, or 404. */
export async function userById(scope: EstateScope, userId: number): Promise<User> {
  const user = await users.findUser(scope, userId);
  if (!user) throw noSuchUser();
  const { id, userName, emailAddress, profileId } = user;
  return { id, userName, emailAddress, profileId, ...(await users.assignmentsOf(scope, userId)) };
}

export async function isUserNameUnique(scope: EstateScope, userName: string, id: number | undefined) {
  return !(await users.userNameTaken(scope, userName, id));
}

/** Higher levels see more: Company 0 ... EndPoint 3. */
const rank = (level: ProfileLevel) => PROFILE_LEVELS.indexOf(level);

type AssignmentList = users.AssignableKind;
const LIST_ITEMS: Record<AssignmentList, { item: ProfileAssignmentItem; notFound: string }> = {
  companies: { item: 'company', notFound: 'No such company' },
  sites: { item: 'site', notFound: 'No such site' },
  teams: { item: 'team', notFound: 'No such team' },
  mobileEndPoints: { item: 'mobile device', notFound: 'No such mobile device' },
  broadbandEndPoints: { item: 'broadband contract', notFound: 'No such broadband contract' },
};

export type UserServiceDependencies = { mailer: Mailer; later: AfterAnswer };

/** Saves and deletes of Manage Users, under spec 5's rules and the escalation rules of docs/decisions/0109. */
export function userService({ mailer, later }: UserServiceDependencies) {
  /** Adds (no `userId`) or changes a user; a new user is e-mailed a temporary password (decision 0111). */
  async function saveUser(
    scope: EstateScope,
    actor: Actor,
    request: Parameters<AfterAnswer>[0],
    userId: number | undefined,
    input: UserSave,
  ): Promise<User> {
    const current = userId === undefined ? undefined : await changeableUser(scope, userId, input.id);
    if (await users.userNameTaken(scope, input.userName, userId)) {
      throw invalidField('userName', 'unique', VALIDATION_MESSAGES.userNameTaken);
    }
    const profile = await users.findProfile(scope, input.profileId);
    if (!profile) throw invalidField('profileId', 'exists', 'No such profile');
    const level = profile.level as ProfileLevel;
    if (rank(level) < rank(scope.caller.profile.level)) {
      throw invalidField('profileId', 'not_above_own_level', 'You cannot give a profile above your own level');
    }
    const functionalityIds = await grantableFunctionality(scope, input.functionalityIds, current?.functionalityIds);
    const assigned = await assignments(scope, { name: profile.name, level }, input);

    const write = {
      userName: input.userName,
      emailAddress: input.emailAddress,
      profileId: profile.id,
      functionalityIds,
      companyIds: assigned.companies,
      siteIds: assigned.sites,
      teamIds: assigned.teams,
      endpointIds: [...assigned.mobileEndPoints, ...assigned.broadbandEndPoints],
    };
    if (current) {
      await users.writeUser(scope, actor, { id: current.id }, write).catch(takenOnRace);
      return userById(scope, current.id);
    }
    const temporaryPassword = generateTemporaryPassword();
    const credentials = {
      // Nobody ever knows this one: the user signs in first with the e-mailed temporary password.
      unknownPasswordHash: await hashPassword(generateTemporaryPassword(64)),
      temporaryPasswordHash: await hashPassword(temporaryPassword),
      lifetimeMs: NEW_USER_PASSWORD_LIFETIME_MS,
    };
    const id = await users.writeUser(scope, actor, { credentials }, write).catch(takenOnRace);
    // Sent to the new user only, after the answer: the administrator never sees it (decision 0111).
    later(request, 'new user e-mail', async () => {
      await mailer.send({
        to: input.emailAddress,
        ...temporaryPasswordEmail({
          userName: input.userName,
          temporaryPassword,
          partnerName: await partnerNameOf(scope.db, id),
          purpose: 'new-account',
          validForHours: NEW_USER_PASSWORD_LIFETIME_MS / 3_600_000,
        }),
      });
    });
    return userById(scope, id);
  }

  /** Deletes a user of the caller's estate, not the caller; their sessions end at once (decision 0110). */
  async function removeUser(scope: EstateScope, actor: Actor, userId: number): Promise<void> {
    const user = await changeableUser(scope, userId, undefined);
    await users.deleteUser(scope, actor, user.id);
  }

  return { saveUser, removeUser };
}

/**
 * The user a save or delete names, once the caller may change them: in their estate (404), not the caller
 * themselves (spec 5: one's own record is read-only), wholly inside the caller's estate, and named the same in
 * the body as in the path.
 */
async function changeableUser(scope: EstateScope, userId: number, bodyId: number | undefined) {
  const user = await users.findUser(scope, userId);
  if (!user) throw noSuchUser();
  if (bodyId !== undefined && bodyId !== userId) throw idNotMatchingPath();
  if (user.id === scope.caller.userId) {
    throw invalidField('id', 'own_record', 'You cannot change or delete your own user');
  }
  if (!user.whollyInEstate || rank(user.profileLevel) < rank(scope.caller.profile.level)) {
    throw invalidField('id', 'wholly_in_estate', 'This user is also assigned outside your estate');
  }
  const { functionalityIds } = await users.assignmentsOf(scope, userId);
  return { ...user, functionalityIds };
}

/**
 * The functionality a save may set: every id exists, Write or Delete comes with Read (spec 4's ticks), and what it
 * adds the caller holds. What the user already had and keeps is no grant, so an administrator can edit a user
 * who holds more than they do without taking it away.
 */
async function grantableFunctionality(scope: EstateScope, ids: readonly number[], had: readonly number[] = []) {
  const unique = [...new Set(ids)];
  const found = await users.functionalityAmong(scope, unique);
  if (found.length !== unique.length) throw invalidField('functionalityIds', 'exists', 'No such functionality');
  const pairs = new Set(found.map((f) => `${f.code}:${f.accessType}`));
  // Only where the code has a Read at all: EndPointSimSwap, EndPointLiftSpendLimit and BroadbandReportFault are
  // Write only, and the Company Administrator profile holds them (decision 0116).
  const readable = await users.codesWithRead(scope, [...new Set(found.map((f) => f.code))]);
  const withoutRead = found.find(
    (f) => f.accessType !== 'Read' && readable.has(f.code) && !pairs.has(`${f.code}:Read`),
  );
  if (withoutRead) {
    throw invalidField('functionalityIds', 'needs_read', `${withoutRead.code} ${withoutRead.accessType} needs Read`);
  }
  const previously = new Set(had);
  const notHeld = found.find((f) => !previously.has(f.id) && !scope.caller.can(f.code as never, f.accessType as never));
  if (notHeld) {
    throw invalidField(
      'functionalityIds',
      'held_by_you',
      `You cannot grant ${notHeld.code} ${notHeld.accessType}, which you do not hold`,
    );
  }
  return unique;
}

/**
 * The ids of each assignment list: only the profile's own lists may name anything, at least one item between them
 * (spec 5's message), every item of the caller's estate.
 */
async function assignments(scope: EstateScope, profile: { name: string; level: ProfileLevel }, input: UserSave) {
  const lists = assignmentListsOf(profile);
  const result = {} as Record<AssignmentList, number[]>;
  for (const list of Object.keys(LIST_ITEMS) as AssignmentList[]) {
    const ids = [...new Set(input[list].map((ref) => ref.id))];
    if (!lists.includes(list) && ids.length > 0) {
      throw invalidField(list, 'not_for_level', `A ${profile.name} is not assigned to a ${LIST_ITEMS[list].item}`);
    }
    const found = await users.assignableAmong(scope, list, ids);
    if (found.length !== ids.length) throw invalidField(list, 'in_estate', LIST_ITEMS[list].notFound);
    result[list] = ids;
  }
  if (lists.every((list) => result[list].length === 0)) {
    const first = lists[0] as AssignmentList;
    throw invalidField(first, 'required', profileAssignmentRequiredMessage(profile.name, LIST_ITEMS[first].item));
  }
  return result;
}

/** Two saves racing for one username: the database's unique index refuses the second, as the check would have. */
function takenOnRace(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw invalidField('userName', 'unique', VALIDATION_MESSAGES.userNameTaken);
  }
  throw error;
}
