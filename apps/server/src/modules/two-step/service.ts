import { randomBytes } from 'node:crypto';
import {
  formatRecoveryCode,
  LOGIN_ERROR_CODES,
  type PasskeyAssertion,
  SECOND_STEP_SECONDS,
  type SecondFactor,
  SIGN_IN_POLICY_MESSAGES,
  TWO_STEP_MESSAGES,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { LoginThrottle, ThrottleDecision } from '../../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../../auth/password-hashing.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { conflict, type HttpError, invalidField, OAuthFailure, tooManyAttempts } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import { findSignInUser } from '../login/repository.js';
import { checkAssertion } from '../passkeys/ceremonies.js';
import type { RelyingParty } from '../passkeys/relying-party.js';
import { passkeyCount, recordPasskeyUse } from '../passkeys/repository.js';
import { policyBindingUser } from '../sign-in-policy/repository.js';
import {
  authenticatorUri,
  checkAuthenticatorCode,
  newAuthenticatorSecret,
  newRecoveryCodes,
} from './authenticator-codes.js';
import {
  type AuthenticatorRow,
  accountNames,
  authenticatorOf,
  challengeUser,
  hasSecondFactor,
  removeAuthenticatorOnly,
  removeSecondFactors,
  replaceRecoveryCodes,
  storeChallenge,
  storePendingAuthenticator,
  twoStepStatus,
  unusedRecoveryCodes,
  useChallenge,
  useRecoveryCode,
  useStep,
} from './repository.js';

/** Who is asking: the request (for the audit trail) and the address it came from (for the throttles). */
export type Requester = { requestId: string; address: string };

export type TwoStepDependencies = {
  db: Kysely<Database>;
  secrets: SecretBox;
  throttles: {
    /** Passwords: the sign-in's own throttle, by username. */
    signIn: LoginThrottle;
    /** Authenticator and recovery codes, by user: as strict as passwords, counted apart from them. */
    secondStep: LoginThrottle;
  };
};

/**
 * What the login answer says when the password was right and a second factor is needed; `enrolmentRequired` when
 * the user has none yet and a company of theirs requires one (decision 0210).
 */
export type SecondStep = { challenge: string; factors: SecondFactor[]; expiresIn: number; enrolmentRequired?: true };

/** How long a sign-in held up for enrolment lasts: long enough to install an app and scan its code. */
export const ENROLMENT_SECONDS = 15 * 60;

/**
 * A second step given: a code from the authenticator app, a recovery code (as the schema normalised them), or a
 * passkey's assertion with the relying party it must be for (decision 0209).
 */
export type SecondFactorAnswer = {
  code?: string | undefined;
  recoveryCode?: string | undefined;
  passkey?: { assertion: PasskeyAssertion; relyingParty: RelyingParty } | undefined;
};

/** A change to the factors is confirmed with the password or a current code from the authenticator app. */
export type Confirmation = { password?: string | undefined; code?: string | undefined };

// The sealed key is bound to its user: copied to another user's row, it does not open.
const sealContext = (userId: number) => `authenticator:${userId}`;
// Codes are counted per user, apart from the username's password count (a user has one count whatever their name).
const throttleKey = (userId: number) => `user:${userId}`;

/**
 * Two-step verification (docs/decisions/0207): setting up and removing the authenticator app, the recovery codes,
 * and the sign-in's second step. Codes are throttled as passwords are (decision 0010), per user and address.
 */
export function twoStepService({ db, secrets, throttles }: TwoStepDependencies) {
  const openSecret = (userId: number, row: AuthenticatorRow) =>
    secrets.open(row.secretSealed, sealContext(userId)).toString('utf8');

  async function status(scope: EstateScope) {
    const { confirmedAt, recoveryCodesLeft, passkeys } = await twoStepStatus(scope);
    return { authenticator: confirmedAt ? { addedAt: confirmedAt.toISOString() } : null, recoveryCodesLeft, passkeys };
  }

  /** A new key for the caller's app; it counts once confirmed. Refused while an app is already set up. */
  function startAuthenticator(scope: EstateScope, caller: Requester) {
    return setUpAuthenticator(scope.db, scope.caller.userId, caller);
  }

  /** Confirms the app being set up with a code from it; answers the new recovery codes, shown this once. */
  function confirmAuthenticator(scope: EstateScope, code: string, caller: Requester) {
    return confirmSetUp(scope.db, scope.caller.userId, code, caller);
  }

  async function setUpAuthenticator(database: Kysely<Database>, userId: number, caller: Requester) {
    if ((await authenticatorOf(database, userId))?.confirmedAt) throw alreadySetUp();
    const secret = newAuthenticatorSecret();
    const { userName, partnerName } = await accountNames(database, userId);
    await writeAs(database, actorOf(userId, caller), (trx) =>
      storePendingAuthenticator(trx, userId, secrets.seal(Buffer.from(secret, 'utf8'), sealContext(userId))),
    );
    return { secret, uri: authenticatorUri(secret, { issuer: partnerName, label: userName }) };
  }

  /** `alsoInTransaction` commits with the confirmation or not at all (the sign-in's challenge is used up there). */
  async function confirmSetUp(
    database: Kysely<Database>,
    userId: number,
    code: string,
    caller: Requester,
    alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
  ) {
    const pending = await authenticatorOf(database, userId);
    if (!pending || pending.confirmedAt) {
      throw conflict('There is no authenticator app being set up. Start again.', { code: 'no_setup_in_progress' });
    }
    const step = await checkCode(userId, pending, code, caller, 'authenticator.confirmation_failed');
    const actor = actorOf(userId, caller);
    const { codes, hashes } = await recoveryCodes();
    await writeAs(database, actor, async (trx) => {
      if (!(await useStep(trx, userId, step, { confirm: true }))) throw wrongCode();
      await replaceRecoveryCodes(trx, userId, hashes);
      await recordEvent(trx, { action: 'authenticator.added', actor, details: { address: caller.address } });
      await alsoInTransaction?.(trx);
    });
    return { recoveryCodes: codes };
  }

  /**
   * Removes the app, confirmed with the password or a current code, and the recovery codes with it unless a passkey
   * is left that they stand in for. Refused while a company of the user requires two-step verification and nothing
   * else would be left (decision 0210).
   */
  async function removeAuthenticator(scope: EstateScope, confirmation: Confirmation, caller: Requester) {
    const userId = scope.caller.userId;
    if (!(await authenticatorOf(scope.db, userId))?.confirmedAt) throw notSetUp();
    await confirmIdentity(scope, confirmation, caller);
    const actor = actorOf(userId, caller);
    await writeInScope(scope, actor, async (inTransaction) => {
      if ((await passkeyCount(inTransaction.db, userId)) > 0) await removeAuthenticatorOnly(inTransaction);
      else await removeSecondFactors(inTransaction);
      if (!(await hasSecondFactor(inTransaction.db, userId))) {
        const { twoStepRequired } = await policyBindingUser(inTransaction.db, userId);
        if (twoStepRequired) {
          throw conflict(SIGN_IN_POLICY_MESSAGES.lastFactorRequired, { code: 'two_step_required_by_company' });
        }
      }
      await recordEvent(inTransaction.db, {
        action: 'authenticator.removed',
        actor,
        details: { address: caller.address, confirmedWith: confirmation.code === undefined ? 'password' : 'code' },
      });
    });
  }

  /** Ten new recovery codes in place of all the old ones, confirmed with the password or a current code. */
  async function renewRecoveryCodes(scope: EstateScope, confirmation: Confirmation, caller: Requester) {
    const userId = scope.caller.userId;
    if (!(await hasSecondFactor(scope.db, userId))) throw notSetUp();
    await confirmIdentity(scope, confirmation, caller);
    const actor = actorOf(userId, caller);
    const { codes, hashes } = await recoveryCodes();
    await writeInScope(scope, actor, async (inTransaction) => {
      await replaceRecoveryCodes(inTransaction.db, userId, hashes);
      await recordEvent(inTransaction.db, { action: 'authenticator.recovery_codes_replaced', actor });
    });
    return { recoveryCodes: codes };
  }

  /**
   * The caller is who they say: their password (counted by the sign-in throttle, as a sign-in's is) or a current
   * code of their confirmed app (used up by this). A code is refused with 409 when they have no app, before it is
   * checked.
   */
  async function confirmIdentity(scope: EstateScope, confirmation: Confirmation, caller: Requester) {
    const userId = scope.caller.userId;
    const authenticator = await authenticatorOf(scope.db, userId);
    if (confirmation.code !== undefined) {
      if (!authenticator?.confirmedAt) {
        throw conflict('There is no authenticator app to give a code from. Use your password.', {
          code: 'no_authenticator',
        });
      }
      const step = await checkCode(
        userId,
        authenticator,
        confirmation.code,
        caller,
        'authenticator.confirmation_failed',
      );
      if (!(await useStep(scope.db, userId, step))) throw wrongCode();
      return;
    }
    const user = await findSignInUser(scope.db, { userId });
    if (!user) throw new Error('signed-in user vanished');
    const gate = await throttles.signIn.check(user.userName, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, confirmation.password ?? ''))) {
      const next = await throttles.signIn.recordFailure(user.userName, caller.address);
      await recordEvent(db, {
        action: 'authenticator.confirmation_failed',
        actor: actorOf(userId, caller),
        details: { with: 'password', address: caller.address },
      });
      throw refusal(next, invalidField('password', 'matches', TWO_STEP_MESSAGES.wrongPassword));
    }
    await throttles.signIn.recordSuccess(user.userName);
  }

  /**
   * The step of a right, unused code of the app, or a refusal: 429 while the user's codes are throttled, else 400
   * naming the code. Each wrong code counts, and is recorded as `failedAction`.
   */
  async function checkCode(
    userId: number,
    authenticator: AuthenticatorRow,
    code: string,
    caller: Requester,
    failedAction: string,
  ): Promise<number> {
    await throttleCodes(userId, caller);
    const result = checkAuthenticatorCode(openSecret(userId, authenticator), code, authenticator.lastUsedStep);
    if (result.accepted) {
      await throttles.secondStep.recordSuccess(throttleKey(userId));
      return result.step;
    }
    const next = await wrongCodeGiven(userId, caller, failedAction, { with: 'code', reused: result.reused });
    throw refusal(next, wrongCode());
  }

  /** Refuses with 429 while the user's codes are throttled. */
  async function throttleCodes(userId: number, caller: Requester) {
    const gate = await throttles.secondStep.check(throttleKey(userId), caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
  }

  /** Counts a wrong code against the user, and records it as `action`; answers the throttle's new state. */
  async function wrongCodeGiven(userId: number, caller: Requester, action: string, details: Record<string, unknown>) {
    const next = await throttles.secondStep.recordFailure(throttleKey(userId), caller.address);
    await recordEvent(db, { action, actor: actorOf(userId, caller), details: { ...details, address: caller.address } });
    return next;
  }

  /**
   * After a right password: undefined for a user with no second factor (their sign-in goes on as the spec has it),
   * else a new challenge for the second step, bound to them, good once for SECOND_STEP_SECONDS. With `enrolment`
   * (a company of theirs requires two-step verification, decision 0210) a user without a factor gets a challenge
   * too, to set an authenticator app up with, for ENROLMENT_SECONDS: scanning a code takes longer than typing one.
   */
  async function startSecondStep(
    userId: number,
    options: { enrolment?: boolean } = {},
    now = new Date(),
  ): Promise<SecondStep | undefined> {
    const hasFactor = await hasSecondFactor(db, userId);
    if (!hasFactor && !options.enrolment) return undefined;
    const challenge = randomBytes(32).toString('base64url');
    const seconds = hasFactor ? SECOND_STEP_SECONDS : ENROLMENT_SECONDS;
    await storeChallenge(db, userId, challenge, new Date(now.getTime() + seconds * 1000));
    if (!hasFactor) return { challenge, factors: [], expiresIn: seconds, enrolmentRequired: true };
    const factors: SecondFactor[] = [];
    if ((await authenticatorOf(db, userId))?.confirmedAt) factors.push('authenticator');
    if ((await passkeyCount(db, userId)) > 0) factors.push('passkey');
    if ((await unusedRecoveryCodes(db, userId)).length > 0) factors.push('recovery_code');
    return { challenge, factors, expiresIn: seconds };
  }

  /**
   * A sign-in held up for enrolment: a new authenticator key for the challenge's user, as My Account's setup makes
   * one. A user who has a factor gives it instead (refused here as on My Account), so the challenge of a second
   * step cannot be used to replace the factor it asks for.
   */
  async function enrolAtSignIn(challenge: string, caller: Requester, now = new Date()) {
    const userId = await challengeUser(db, challenge, now);
    if (userId === undefined) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    return setUpAuthenticator(db, userId, caller);
  }

  /**
   * Confirms the app set up at sign-in with a code from it: the challenge is used up with the confirmation, and the
   * sign-in goes on with the app as its second factor and the new recovery codes to show.
   */
  async function confirmEnrolmentAtSignIn(challenge: string, code: string, caller: Requester, now = new Date()) {
    const userId = await challengeUser(db, challenge, now);
    if (userId === undefined) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    const { recoveryCodes } = await confirmSetUp(db, userId, code, caller, async (trx) => {
      if (!(await useChallenge(trx, challenge, now))) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    });
    return { userId, recoveryCodes };
  }

  /**
   * The user whose challenge this is, once the code or recovery code given with it is right; the challenge, and the
   * code, are then used up. A wrong one leaves the challenge to try again (throttled), an unknown, used or expired
   * challenge answers challenge_expired, and a throttled user 429.
   */
  async function completeSecondStep(
    challenge: string,
    answer: SecondFactorAnswer,
    caller: Requester,
    now = new Date(),
  ): Promise<{ userId: number; factor: SecondFactor }> {
    const userId = await challengeUser(db, challenge, now);
    if (userId === undefined) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    await throttleCodes(userId, caller);
    const factor: SecondFactor =
      answer.passkey !== undefined ? 'passkey' : answer.code === undefined ? 'recovery_code' : 'authenticator';
    const use = await secondFactorUse(userId, answer, now);
    if (!use.right) {
      const next = await wrongCodeGiven(userId, caller, 'login.second_step_failed', {
        with: factor,
        reused: use.reused,
      });
      throw refusal(next, new OAuthFailure(LOGIN_ERROR_CODES.invalidCode));
    }
    await writeAs(db, actorOf(userId, caller), async (trx) => {
      if (!(await useChallenge(trx, challenge, now))) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
      // Two requests racing with the same code or recovery code: only the first uses it.
      if (!(await use.useUp(trx))) throw new OAuthFailure(LOGIN_ERROR_CODES.invalidCode);
    });
    await throttles.secondStep.recordSuccess(throttleKey(userId));
    return { userId, factor };
  }

  /** Whether the answer is right, and how to use it up (in the transaction that uses the challenge). */
  async function secondFactorUse(
    userId: number,
    answer: SecondFactorAnswer,
    now: Date,
  ): Promise<{ right: true; useUp: (trx: Kysely<Database>) => Promise<boolean> } | { right: false; reused: boolean }> {
    if (answer.passkey !== undefined) {
      // User verification is preferred, not required: the password was the first factor, the passkey's possession
      // the second (decision 0209). Its challenge is used up by the check, right or wrong.
      const checked = await checkAssertion(db, answer.passkey.assertion, {
        purpose: 'second_step',
        userId,
        relyingParty: answer.passkey.relyingParty,
        requireUserVerification: false,
      });
      if (!checked.ok) return { right: false, reused: checked.reason === 'challenge' };
      return {
        right: true,
        useUp: async (trx) => {
          await recordPasskeyUse(trx, checked.passkey.id, { counter: checked.counter, backedUp: checked.backedUp });
          return true;
        },
      };
    }
    if (answer.code !== undefined) {
      const authenticator = await authenticatorOf(db, userId);
      if (!authenticator?.confirmedAt) return { right: false, reused: false };
      const result = checkAuthenticatorCode(
        openSecret(userId, authenticator),
        answer.code,
        authenticator.lastUsedStep,
        now,
      );
      if (!result.accepted) return { right: false, reused: result.reused };
      return { right: true, useUp: (trx) => useStep(trx, userId, result.step) };
    }
    if (answer.recoveryCode === undefined) return { right: false, reused: false };
    // Hashed with a salt each, so every unused one is tried; at most ten, and only with a live challenge.
    for (const { id, codeHash } of await unusedRecoveryCodes(db, userId)) {
      if (await verifyPassword(codeHash, answer.recoveryCode)) {
        return { right: true, useUp: (trx) => useRecoveryCode(trx, id) };
      }
    }
    return { right: false, reused: false };
  }

  return {
    status,
    startAuthenticator,
    confirmAuthenticator,
    removeAuthenticator,
    renewRecoveryCodes,
    confirmIdentity,
    startSecondStep,
    completeSecondStep,
    enrolAtSignIn,
    confirmEnrolmentAtSignIn,
  };
}

export type TwoStepService = ReturnType<typeof twoStepService>;

/** Ten new recovery codes as shown once (`abcde-12345`), and their argon2id hashes as stored. */
export async function recoveryCodes() {
  const plain = newRecoveryCodes();
  return { codes: plain.map(formatRecoveryCode), hashes: await Promise.all(plain.map((code) => hashPassword(code))) };
}

function actorOf(userId: number, caller: Requester): Actor {
  return { userId, requestId: caller.requestId };
}

/** The refusal of a wrong code or password, or 429 once that failure has brought a wait. */
function refusal(next: ThrottleDecision, error: Error): Error {
  return next.allowed ? error : tooManyAttempts(next.retryAfterSeconds);
}

function wrongCode(): HttpError {
  return invalidField('code', 'matches', TWO_STEP_MESSAGES.wrongAuthenticatorCode);
}

function notSetUp(): HttpError {
  return conflict('Two-step verification is not set up.', { code: 'two_step_not_set_up' });
}

function alreadySetUp(): HttpError {
  return conflict('An authenticator app is already set up. Remove it first to set up another.', {
    code: 'two_step_already_set_up',
  });
}
