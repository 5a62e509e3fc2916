import {
  assignmentListsOf,
  type ProfileAssignmentItem,
  type ProfileLevel,
  profileAssignmentRequiredMessage,
  tickWithoutRead,
  type User,
  type UserSave,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/password-hashing.js';
import { generateTemporaryPassword } from '../../auth/password-policy.js';
import { type Actor, recordEvent } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { idNotMatchingPath, invalidField, notFound } from '../../http/errors.js';
import { queueEmail } from '../../mail/email-outbox.js';
import { signInUrlOf, temporaryPasswordEmail } from '../../mail/mailer.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type Excess, excessOfUser, levelRank, type ReachKind } from '../../scope/holdings.js';
import { writeInScope } from '../../scope/scoped-write.js';
import { NEW_USER_PASSWORD_LIFETIME_MS, partnerNameOf } from '../passwords/repository.js';
import { removeSecondFactorsOf } from '../two-step/repository.js';
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

type AssignmentList = users.AssignableKind;
const LIST_ITEMS: Record<AssignmentList, { item: ProfileAssignmentItem; notFound: string }> = {
  companies: { item: 'company', notFound: 'No such company' },
  sites: { item: 'site', notFound: 'No such site' },
  teams: { item: 'team', notFound: 'No such team' },
  mobileEndPoints: { item: 'mobile device', notFound: 'No such mobile device' },
  broadbandEndPoints: { item: 'broadband contract', notFound: 'No such broadband contract' },
};

/** `publicUrl` is where users reach the portal (config.publicUrl): the welcome e-mail links to its sign-in page. */
export type UserServiceDependencies = { publicUrl: string };

/**
 * Saves and deletes of Manage Users, under spec 5's rules and the rule of docs/decisions/0118: checks and changes
 * run in one transaction, the user named must hold no more than the caller before the change, and no more after.
 */
export function userService({ publicUrl }: UserServiceDependencies) {
  /** Adds (no `userId`) or changes a user; a new user is e-mailed a temporary password (decision 0111). */
  async function saveUser(
    scope: EstateScope,
    actor: Actor,
    userId: number | undefined,
    input: UserSave,
  ): Promise<User> {
    // Hashing is slow on purpose, so it is done before the transaction rather than while it holds its locks.
    const firstPassword = userId === undefined ? await firstCredentials() : undefined;
    return writeInScope(scope, actor, async (scope) => {
      if (userId !== undefined) await changeableUser(scope, userId, input.id);
      if (await users.userNameTaken(scope, input.userName, userId)) {
        throw invalidField('userName', 'unique', VALIDATION_MESSAGES.userNameTaken);
      }
      const profile = await users.findProfile(scope, input.profileId);
      if (!profile) throw invalidField('profileId', 'exists', 'No such profile');
      const level = profile.level as ProfileLevel;
      if (levelRank(level) < levelRank(scope.caller.profile.level)) {
        throw invalidField('profileId', 'not_above_own_level', 'You cannot give a profile above your own level');
      }
      const functionalityIds = await grantableFunctionality(scope, input.functionalityIds);
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
      const target = firstPassword ? { credentials: firstPassword.credentials } : { id: userId as number };
      const id = await users.writeUser(scope, target, write).catch(takenOnRace);
      // What the assignments reach (a team's every device, a site's every line) is known once they are written.
      const excess = await excessOfUser(scope, id);
      if (excess) throw assignedBeyondRights(excess, assignmentListsOf({ name: profile.name, level }));
      if (firstPassword) await queueFirstPasswordEmail(scope.db, id, input, firstPassword.temporaryPassword, publicUrl);
      return userById(scope, id);
    });
  }

  /** Deletes a user of the caller's estate who holds no more than the caller; their sessions end at once (0110). */
  async function removeUser(scope: EstateScope, actor: Actor, userId: number): Promise<void> {
    await writeInScope(scope, actor, async (scope) => {
      await changeableUser(scope, userId, undefined);
      await users.deleteUser(scope, userId);
    });
  }

  /** Ends every session of a user the caller may change (decision 0212, ASVS 7.4.5). */
  async function signOutUser(scope: EstateScope, actor: Actor, userId: number): Promise<void> {
    await writeInScope(scope, actor, async (scope) => {
      await changeableUser(scope, userId, undefined);
      await users.endSessionsOf(scope, userId);
      await recordEvent(scope.db, {
        action: 'user.signed_out',
        actor,
        target: { table: 'users', key: { id: userId } },
      });
    });
  }

  /**
   * For a user who lost their phone and their recovery codes: their second factors go and their sessions end, so
   * whoever holds the lost device or a session gets nothing more. The administrator who may change the user's
   * e-mail address already vouches for who they are (decision 0212, ASVS 6.4.4).
   */
  async function resetTwoStep(scope: EstateScope, actor: Actor, userId: number): Promise<void> {
    await writeInScope(scope, actor, async (scope) => {
      await changeableUser(scope, userId, undefined);
      await removeSecondFactorsOf(scope.db, userId);
      await users.endSessionsOf(scope, userId);
      await recordEvent(scope.db, {
        action: 'user.two_step_reset',
        actor,
        target: { table: 'users', key: { id: userId } },
      });
    });
  }

  return { saveUser, removeUser, signOutUser, resetTwoStep };
}

/**
 * The new user's welcome e-mail with their temporary password: to them only (the administrator never sees it,
 * decision 0111), queued in the transaction that writes the user's row, so that both are written or neither (0197).
 */
export async function queueFirstPasswordEmail(
  db: Kysely<Database>,
  userId: number,
  user: { userName: string; emailAddress: string },
  temporaryPassword: string,
  publicUrl: string,
): Promise<void> {
  await queueEmail(db, {
    to: user.emailAddress,
    ...temporaryPasswordEmail({
      userName: user.userName,
      temporaryPassword,
      partnerName: await partnerNameOf(db, userId),
      signInUrl: signInUrlOf(publicUrl),
      purpose: 'new-account',
      validForHours: NEW_USER_PASSWORD_LIFETIME_MS / 3_600_000,
    }),
  });
}

/** A new user's first credentials: the temporary password to e-mail, and what is stored of it. */
export async function firstCredentials() {
  const temporaryPassword = generateTemporaryPassword();
  const credentials: users.FirstCredentials = {
    // Nobody ever knows this one: the user signs in first with the e-mailed temporary password.
    unknownPasswordHash: await hashPassword(generateTemporaryPassword(64)),
    temporaryPasswordHash: await hashPassword(temporaryPassword),
    lifetimeMs: NEW_USER_PASSWORD_LIFETIME_MS,
  };
  return { temporaryPassword, credentials };
}

/**
 * The user a save or delete names, locked for the rest of the transaction, once the caller may change them: in
 * their estate (404), named the same in the body as in the path, not the caller themselves (spec 5: one's own
 * record is read-only), and holding no more than the caller (decision 0118), or changing their e-mail address
 * would hand the caller everything they hold.
 */
async function changeableUser(scope: EstateScope, userId: number, bodyId: number | undefined): Promise<void> {
  const user = await users.findUser(scope, userId, { lock: true });
  if (!user) throw noSuchUser();
  if (bodyId !== undefined && bodyId !== userId) throw idNotMatchingPath();
  if (user.id === scope.caller.userId) {
    throw invalidField('id', 'own_record', 'You cannot change or delete your own user');
  }
  const excess = await excessOfUser(scope, user.id);
  if (excess) throw invalidField('id', 'within_your_rights', `This user holds ${describeExcess(excess)}`);
}

const REACH_NAMES: Record<ReachKind, string> = {
  companies: 'companies',
  sites: 'sites',
  teams: 'teams',
  endpoints: 'devices or contracts',
};

/** What of a holding lies beyond the caller's, as a refusal says it. */
function describeExcess(excess: Excess): string {
  switch (excess.kind) {
    case 'level':
      return `a ${excess.level}-level profile, above your own`;
    case 'functionality':
      return `${excess.description} (${excess.accessType}), which you do not hold`;
    case 'role':
      return `the role ${excess.role}, which you do not have`;
    case 'reach':
      return `${REACH_NAMES[excess.reach]} outside your estate`;
  }
}

/**
 * The refusal of a save whose user would hold more than the caller. The profile, the functionality and every
 * assigned item were checked before the write, so what is left is what the items bring: a team's devices of other
 * sites, named at the profile's assignment list.
 */
function assignedBeyondRights(excess: Excess, lists: readonly AssignmentList[]) {
  if (excess.kind === 'reach') {
    const list = lists[0] as AssignmentList;
    return invalidField(
      list,
      'within_your_estate',
      `A ${LIST_ITEMS[list].item} you assign reaches ${REACH_NAMES[excess.reach]} outside your estate`,
    );
  }
  return invalidField('id', 'within_your_rights', `The user would hold ${describeExcess(excess)}`);
}

/**
 * The functionality a save may set: every id exists, Write or Delete comes with Read (spec 4's ticks), and the
 * caller holds each one (decision 0118: a user never holds more than the administrator who saved them).
 */
async function grantableFunctionality(scope: EstateScope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await users.functionalityAmong(scope, unique);
  if (found.length !== unique.length) throw invalidField('functionalityIds', 'exists', 'No such functionality');
  const withoutRead = tickWithoutRead(found, await users.codesWithRead(scope, [...new Set(found.map((f) => f.code))]));
  if (withoutRead) {
    throw invalidField('functionalityIds', 'needs_read', `${withoutRead.code} ${withoutRead.accessType} needs Read`);
  }
  const notHeld = found.find((f) => !scope.caller.can(f.code as never, f.accessType as never));
  if (notHeld) {
    throw invalidField(
      'functionalityIds',
      'held_by_you',
      `You cannot grant ${notHeld.description} (${notHeld.accessType}), which you do not hold`,
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
