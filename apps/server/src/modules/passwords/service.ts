import type { ChangePasswordRequest, ForgotPasswordRequest } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import { hashPassword } from '../../auth/password-hashing.js';
import { checkPassword, generateTemporaryPassword, passwordPolicyErrorDetails } from '../../auth/password-policy.js';
import { revokeOtherSessions } from '../../auth/refresh-tokens.js';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import type { AfterAnswer } from '../../http/after-answer.js';
import { badRequest, type HttpError, tooManyAttempts } from '../../http/errors.js';
import { queueEmail } from '../../mail/email-outbox.js';
import { signInUrlOf, temporaryPasswordEmail } from '../../mail/mailer.js';
import { findSignInUser } from '../login/repository.js';
import { authenticate, type Caller } from '../login/service.js';
import { policyBindingUser } from '../sign-in-policy/repository.js';
import { partnerNameOf, setPassword, storeTemporaryPassword } from './repository.js';

export type PasswordDependencies = {
  db: Kysely<Database>;
  throttles: { signIn: LoginThrottle; recovery: LoginThrottle };
  /** Runs work once the answer is on its way (forgot password: its time must not tell whether details matched). */
  later: AfterAnswer;
  /** Where users reach the portal (config.publicUrl): the e-mail links to its sign-in page. */
  publicUrl: string;
};

function wrongCurrentPassword(): HttpError {
  return badRequest('Your current password is not correct.', {
    code: 'invalid_current_password',
    details: [{ field: 'currentPassword', rule: 'matches', message: 'Your current password is not correct.' }],
  });
}

/** Password change (also from the expired-password screen, before sign-in) and password recovery. */
export function passwordService({ db, throttles, later, publicUrl }: PasswordDependencies) {
  /**
   * Changes a password, authenticated by the current one (or the e-mailed temporary one, which this uses up), and
   * ends the user's other sessions; `keepSession` is the caller's own session, if it is the user's.
   */
  async function changePassword(
    { userName, currentPassword, newPassword }: ChangePasswordRequest,
    caller: Caller,
    sessionOf: (userId: number) => Promise<string | null>,
  ): Promise<void> {
    const gate = await throttles.signIn.check(userName, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    const user = await authenticate(db, userName, currentPassword);
    if (!user) {
      const next = await throttles.signIn.recordFailure(userName, caller.address);
      await recordEvent(db, {
        action: 'password.change_failed',
        actor: { userId: null, requestId: caller.requestId },
        details: { userName, address: caller.address },
      });
      if (!next.allowed) throw tooManyAttempts(next.retryAfterSeconds);
      throw wrongCurrentPassword();
    }
    await throttles.signIn.recordSuccess(userName);
    const violations = checkPassword(newPassword, {
      currentPassword,
      contextWords: [user.userName, ...user.emailAddress.split(/[@.]/)],
    });
    if (violations.length > 0) {
      throw badRequest(violations[0]?.message ?? 'The new password is not allowed.', {
        code: 'password_policy',
        details: passwordPolicyErrorDetails(violations),
      });
    }
    const actor = { userId: user.id, requestId: caller.requestId };
    const temporaryPasswordHash = user.viaTemporaryPassword ? user.temporaryPasswordHash : null;
    // A temporary password works once: of two changes racing with it, only the one that uses it up goes on.
    if (!(await setPassword(db, actor, await hashPassword(newPassword), temporaryPasswordHash))) {
      throw wrongCurrentPassword();
    }
    await revokeOtherSessions(db, user.id, await sessionOf(user.id));
    await recordEvent(db, {
      action: 'password.changed',
      actor,
      ...(user.viaTemporaryPassword ? { details: { with: 'temporary_password' } } : {}),
    });
  }

  /**
   * Answers at once; looking the account up, storing and queueing the e-mail all happen after answering, so the
   * answer's time cannot tell whether the details match (docs/decisions/0047, 0197). Every request counts towards
   * the throttle, matched or not: it only limits how fast anyone can fill a mailbox.
   */
  async function forgotPassword({ username, emailAddress }: ForgotPasswordRequest, caller: Caller): Promise<void> {
    const gate = await throttles.recovery.recordFailure(username, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    later(caller, 'password recovery', () => recoverPassword(username, emailAddress, caller));
  }

  /** Queues a temporary password's e-mail when the username and e-mail address match; the same hashing if not. */
  async function recoverPassword(username: string, emailAddress: string, caller: Caller) {
    const user = await findSignInUser(db, { userName: username });
    const matches = user !== undefined && user.emailAddress.toLowerCase() === emailAddress.toLowerCase();
    const temporaryPassword = generateTemporaryPassword();
    // Hashed in both cases, so the server is as busy for the next callers either way.
    const passwordHash = await hashPassword(temporaryPassword);
    if (!matches || !user) {
      await recordEvent(db, {
        action: 'password.reset_requested_unmatched',
        actor: { userId: null, requestId: caller.requestId },
        details: { userName: username, address: caller.address },
      });
      return;
    }
    // A company that signs in through its provider only has its users' passwords refused (decision 0210): no
    // temporary password is sent, and the answer, already given, was the same as for any address.
    if ((await policyBindingUser(db, user.id)).singleSignOnOnly) {
      await recordEvent(db, {
        action: 'password.reset_refused_single_sign_on',
        actor: { userId: user.id, requestId: caller.requestId },
        details: { address: caller.address },
      });
      return;
    }
    const actor = { userId: user.id, requestId: caller.requestId };
    await sendTemporaryPassword(user, { temporaryPassword, passwordHash }, actor, { address: caller.address });
  }

  /**
   * Nothing the owner relies on changes here: the password and sessions work on until this one is used. The
   * password, its event and its e-mail commit together (0197): none is stored that was not also queued to send.
   */
  async function sendTemporaryPassword(
    user: { id: number; userName: string; emailAddress: string },
    { temporaryPassword, passwordHash }: { temporaryPassword: string; passwordHash: string },
    actor: Actor,
    event: { details: Record<string, unknown>; companyIds?: readonly number[] } | { address: string | undefined },
  ) {
    await writeAs(db, actor, async (trx) => {
      await storeTemporaryPassword(trx, user.id, passwordHash);
      await recordEvent(trx, {
        action: 'password.reset_requested',
        actor,
        ...('details' in event
          ? { target: { table: 'users', key: { id: user.id } }, ...event }
          : { details: { address: event.address } }),
      });
      await queueEmail(trx, {
        to: user.emailAddress,
        ...temporaryPasswordEmail({
          userName: user.userName,
          temporaryPassword,
          partnerName: await partnerNameOf(trx, user.id),
          signInUrl: signInUrlOf(publicUrl),
        }),
      });
    });
  }

  /**
   * The same e-mail as forgot password, started by the partner's staff for a customer's user they have found
   * (decision 0219): sent at once (the staff member already knows the user exists), the event naming the staff
   * member as its actor and the user as its target. A company that signs in through its provider only has no
   * passwords to reset: false, and nothing is stored or sent.
   */
  async function resetByPartnerStaff(
    user: { id: number; userName: string; emailAddress: string },
    actor: Actor,
    companyIds: readonly number[],
  ): Promise<boolean> {
    if ((await policyBindingUser(db, user.id)).singleSignOnOnly) return false;
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    await sendTemporaryPassword(user, { temporaryPassword, passwordHash }, actor, {
      details: { by: 'partner-staff' },
      companyIds,
    });
    return true;
  }

  return { changePassword, forgotPassword, resetByPartnerStaff };
}
