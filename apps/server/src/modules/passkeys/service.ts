import { randomBytes } from 'node:crypto';
import {
  LOGIN_ERROR_CODES,
  type LoginReply,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyAttestationSchema,
  SIGN_IN_POLICY_MESSAGES,
} from '@portal/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import type { TokenDelivery } from '../../auth/refresh-tokens.js';
import { type Actor, recordEvent } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalidField, notFound, OAuthFailure, tooManyAttempts } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import { findSignInUser } from '../login/repository.js';
import type { Caller, signInService, WithRefreshToken } from '../login/service.js';
import { policyBindingUser } from '../sign-in-policy/repository.js';
import {
  accountNames,
  authenticatorOf,
  challengeUser,
  removeSecondFactors,
  replaceRecoveryCodes,
  unusedRecoveryCodes,
} from '../two-step/repository.js';
import { type Confirmation, type Requester, recoveryCodes, type TwoStepService } from '../two-step/service.js';
import {
  type AssertionRefusal,
  challengeExpiry,
  checkAssertion,
  newPasskeyChallenge,
  PASSKEY_TIMEOUT_MS,
  signedChallenge,
} from './ceremonies.js';
import type { RelyingParty } from './relying-party.js';
import {
  deletePasskey,
  insertPasskey,
  listPasskeys,
  ownPasskey,
  passkeyCount,
  passkeysOfUser,
  recordPasskeyUse,
  renamePasskey,
  storePasskeyChallenge,
  takePasskeyChallenge,
} from './repository.js';

export type PasskeyDependencies = {
  db: Kysely<Database>;
  /** The password confirmation and recovery codes of two-step verification (decision 0207). */
  twoStep: Pick<TwoStepService, 'confirmIdentity'>;
  /** The sign-in's own throttle: a passkey alone is counted as a password is, by the passkey and the address. */
  throttle: LoginThrottle;
  /** The password sign-in's service: a sign-in with a passkey alone ends as every sign-in does. */
  signIn: Pick<ReturnType<typeof signInService>, 'requireCookiePolicy' | 'signedIn'>;
};

type Attestation = z.infer<typeof PasskeyAttestationSchema>;

/** COSE algorithm ids: ES256, EdDSA, RS256. */
const SUPPORTED_ALGORITHMS = [-7, -8, -257];

const actorOf = (userId: number | null, caller: Requester): Actor => ({ userId, requestId: caller.requestId });

/** The throttle counts a passkey alone under its credential id, apart from any username. */
const throttleKey = (credentialId: string) => `passkey:${credentialId.slice(0, 90)}`;

/**
 * Passkeys (docs/decisions/0209): adding, naming and removing the caller's own; the options of the second step's
 * ceremony; and signing in with a passkey alone where the user's companies allow it.
 */
export function passkeyService({ db, twoStep, throttle, signIn }: PasskeyDependencies) {
  const list = (scope: EstateScope) => listPasskeys(scope);

  /**
   * The options for navigator.credentials.create(): a discoverable passkey, none the caller has already. Confirmed
   * first with the password or a current code, as removing a factor is: a passkey may sign in by itself, so someone
   * holding a session must not add one (ASVS 7.5.1, decision 0212).
   */
  async function startRegistration(
    scope: EstateScope,
    confirmation: Confirmation,
    relyingParty: RelyingParty,
    caller: Requester,
  ) {
    const userId = scope.caller.userId;
    await twoStep.confirmIdentity(scope, confirmation, caller);
    const existing = await passkeysOfUser(scope.db, userId);
    // Every passkey of a user carries one random handle: an authenticator then keeps one passkey per user.
    const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
    const { userName, partnerName } = await accountNames(scope.db, userId);
    const challenge = newPasskeyChallenge();
    const options = await generateRegistrationOptions({
      rpName: partnerName,
      rpID: relyingParty.id,
      userName,
      userDisplayName: userName,
      userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
      challenge: challenge.bytes,
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      // ES256, EdDSA and RS256, which every authenticator offers one of; not the post-quantum ML-DSA the library adds
      // where the runtime has it, whose keys and signatures are kilobytes (decision 0209).
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    await storePasskeyChallenge(scope.db, {
      value: challenge.value,
      purpose: 'registration',
      userId,
      userHandle,
      expiresAt: challengeExpiry(),
    });
    return { ...options };
  }

  /**
   * Stores the passkey the browser made over the caller's latest registration options. The account's first second
   * factor also gets ten recovery codes, as the first authenticator app does: a lost device must not lock anyone out.
   */
  async function register(
    scope: EstateScope,
    { name, response }: { name: string; response: Attestation },
    relyingParty: RelyingParty,
    caller: Requester,
  ): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
    const userId = scope.caller.userId;
    const challenge = signedChallenge(response.response.clientDataJSON);
    const taken = challenge ? await takePasskeyChallenge(scope.db, challenge, 'registration', userId) : undefined;
    const userHandle = taken?.userHandle;
    if (!challenge || !userHandle) {
      throw invalidField(
        'response',
        'challenge',
        'The passkey was not made for this page, or took too long. Try again.',
      );
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        requireUserVerification: false,
      });
    } catch {
      verification = { verified: false };
    }
    const info = verification.registrationInfo;
    if (!verification.verified || !info) {
      throw invalidField('response', 'attestation', 'The passkey could not be checked. Try again.');
    }
    const needsCodes =
      !(await authenticatorOf(scope.db, userId))?.confirmedAt &&
      (await unusedRecoveryCodes(scope.db, userId)).length === 0;
    const codes = needsCodes ? await recoveryCodes() : undefined;
    const actor = actorOf(userId, caller);
    const passkey = await writeInScope(scope, actor, async (inTransaction) => {
      const added = await insertPasskey(inTransaction, {
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        transports: info.credential.transports ?? response.response.transports ?? [],
        userHandle,
        name,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      });
      if (!added) throw conflict('That passkey is already added.', { code: 'passkey_already_added' });
      if (codes) await replaceRecoveryCodes(inTransaction.db, userId, codes.hashes);
      await recordEvent(inTransaction.db, {
        action: 'passkey.added',
        actor,
        details: { passkeyId: added.id, name, address: caller.address, recoveryCodesIssued: codes !== undefined },
      });
      return added;
    });
    return { passkey, recoveryCodes: codes?.codes ?? null };
  }

  async function rename(scope: EstateScope, id: number, name: string, caller: Requester): Promise<Passkey> {
    const actor = actorOf(scope.caller.userId, caller);
    return writeInScope(scope, actor, async (inTransaction) => {
      const before = await ownPasskey(inTransaction, id);
      const renamed = before && (await renamePasskey(inTransaction, id, name));
      if (!before || !renamed) throw notFound('Passkey not found');
      await recordEvent(inTransaction.db, {
        action: 'passkey.renamed',
        actor,
        details: { passkeyId: id, from: before.name, to: name },
      });
      return renamed;
    });
  }

  /**
   * Removes one of the caller's passkeys, confirmed with the password or a current code. The last second factor
   * takes the recovery codes with it: the account is back to its password alone; refused while a company of the
   * user requires two-step verification (decision 0210).
   */
  async function remove(scope: EstateScope, id: number, confirmation: Confirmation, caller: Requester) {
    const userId = scope.caller.userId;
    // Not found before anything is checked: another user's passkey id tells nothing, and costs no password try.
    if (!(await ownPasskey(scope, id))) throw notFound('Passkey not found');
    await twoStep.confirmIdentity(scope, confirmation, caller);
    const actor = actorOf(userId, caller);
    await writeInScope(scope, actor, async (inTransaction) => {
      if (!(await deletePasskey(inTransaction, id))) throw notFound('Passkey not found');
      const lastFactor =
        (await passkeyCount(inTransaction.db, userId)) === 0 &&
        !(await authenticatorOf(inTransaction.db, userId))?.confirmedAt;
      if (lastFactor && (await policyBindingUser(inTransaction.db, userId)).twoStepRequired) {
        throw conflict(SIGN_IN_POLICY_MESSAGES.lastFactorRequired, { code: 'two_step_required_by_company' });
      }
      if (lastFactor) await removeSecondFactors(inTransaction);
      await recordEvent(inTransaction.db, {
        action: 'passkey.removed',
        actor,
        details: {
          passkeyId: id,
          address: caller.address,
          confirmedWith: confirmation.code === undefined ? 'password' : 'code',
          lastFactor,
        },
      });
    });
  }

  /**
   * The options of the second step's ceremony for a live sign-in challenge: the user's passkeys, user verification
   * preferred. An unknown, used or expired challenge answers challenge_expired, as the second step itself does.
   */
  async function secondStepOptions(challenge: string, relyingParty: RelyingParty) {
    const userId = await challengeUser(db, challenge, new Date());
    const passkeys = userId === undefined ? [] : await passkeysOfUser(db, userId);
    if (userId === undefined || passkeys.length === 0) throw new OAuthFailure(LOGIN_ERROR_CODES.challengeExpired);
    const { value, bytes } = newPasskeyChallenge();
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.id,
      challenge: bytes,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    });
    await storePasskeyChallenge(db, {
      value,
      purpose: 'second_step',
      userId,
      expiresAt: challengeExpiry(),
    });
    return { ...options };
  }

  /** The options of a sign-in with a passkey alone: any of the portal's, the user verified. */
  async function signInOptions(relyingParty: RelyingParty) {
    const { value, bytes } = newPasskeyChallenge();
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.id,
      challenge: bytes,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'required',
    });
    await storePasskeyChallenge(db, { value, purpose: 'sign_in', userId: null, expiresAt: challengeExpiry() });
    return { ...options };
  }

  /**
   * Signs in with a passkey alone: a right assertion, with the user verified, over sign-in options this server gave
   * (used up by this), of a user whose every company allows it and none requires single sign-on. Failures count in
   * the sign-in throttle and are audited as login.failed with method 'passkey'.
   */
  async function signInWithPasskey(
    input: { response: PasskeyAssertion; cookiePolicyAccepted?: boolean | undefined },
    relyingParty: RelyingParty,
    caller: Caller,
    delivery: TokenDelivery,
  ): Promise<WithRefreshToken<LoginReply> & { themeCode: string }> {
    const key = throttleKey(input.response.id);
    const gate = await throttle.check(key, caller.address);
    if (!gate.allowed) throw tooManyAttempts(gate.retryAfterSeconds);
    const checked = await checkAssertion(db, input.response, {
      purpose: 'sign_in',
      userId: null,
      relyingParty,
      requireUserVerification: true,
    });
    if (!checked.ok) {
      const next = await throttle.recordFailure(key, caller.address);
      await failed(caller, checked.passkey?.userId ?? null, checked.reason);
      if (!next.allowed) throw tooManyAttempts(next.retryAfterSeconds);
      throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
    }
    const userId = checked.passkey.userId;
    const policy = await policyBindingUser(db, userId);
    if (!policy.passkeySignIn || policy.singleSignOnOnly) {
      await failed(caller, userId, 'policy');
      throw new OAuthFailure(LOGIN_ERROR_CODES.passkeySignInNotAllowed);
    }
    await recordPasskeyUse(db, checked.passkey.id, { counter: checked.counter, backedUp: checked.backedUp });
    await throttle.recordSuccess(key);
    const user = await findSignInUser(db, { userId });
    if (!user) throw new OAuthFailure(LOGIN_ERROR_CODES.invalidGrant);
    signIn.requireCookiePolicy(user, input.cookiePolicyAccepted);
    return signIn.signedIn(user, caller, { delivery, method: 'passkey' });
  }

  async function failed(caller: Caller, userId: number | null, reason: AssertionRefusal | 'policy') {
    await recordEvent(db, {
      action: 'login.failed',
      actor: actorOf(userId, caller),
      details: { method: 'passkey', reason, address: caller.address },
    });
  }

  return {
    list,
    startRegistration,
    register,
    rename,
    remove,
    secondStepOptions,
    signInOptions,
    signInWithPasskey,
  };
}
