import { type CompanySignInPolicy, SIGN_IN_POLICY_MESSAGES, type SignInPolicySaveReply } from '@portal/contract';
import type { Kysely } from 'kysely';
import { type Actor, recordEvent, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import { invalidField, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { isAdministeredCompany } from '../sso/repository.js';
import {
  administratorsOf,
  type CompanyPolicy,
  endSessions,
  hasApprovedConnection,
  policyOfCompany,
  sessionsFallingShort,
  writePolicy,
} from './repository.js';

const noSuchCompany = () => notFound('No such company');

/** A company without a row requires nothing beyond the password. */
const NO_POLICY: CompanyPolicy = {
  twoStepRequired: false,
  singleSignOnOnly: false,
  breakGlassUserId: null,
  passkeySignIn: false,
};

/**
 * A company's sign-in policy as its administrators (decision 0208's: ManageUser Write at Company level, holding
 * the company whole) read and save it (docs/decisions/0210). A save checks, writes, ends the sessions that fall
 * short of it and audits how many, in one transaction; a dry run checks and counts only.
 */
export function signInPolicyService() {
  async function companyPolicy(scope: EstateScope, companyId: number): Promise<CompanySignInPolicy> {
    if (!(await isAdministeredCompany(scope, companyId))) throw noSuchCompany();
    return viewOf(scope.db, companyId);
  }

  async function save(
    scope: EstateScope,
    actor: Actor & { sessionId: string },
    companyId: number,
    input: CompanyPolicy & { dryRun?: boolean | undefined },
  ): Promise<SignInPolicySaveReply> {
    const { dryRun, ...policy } = input;
    return writeAs(scope.db, { userId: actor.userId, requestId: actor.requestId }, async (trx) => {
      if (!(await isAdministeredCompany({ ...scope, db: trx }, companyId))) throw noSuchCompany();
      await policyOfCompany(trx, companyId, { lock: true });
      await checkPolicy(trx, companyId, policy);
      const now = new Date();
      const ending = await sessionsFallingShort(trx, companyId, policy, now);
      const ownSessionEnded = ending.some((session) => session.familyId === actor.sessionId);
      if (dryRun) {
        return { ...(await viewOf(trx, companyId)), sessionsEnded: ending.length, ownSessionEnded };
      }
      await writePolicy(trx, companyId, policy, now);
      await endSessions(
        trx,
        ending.map((session) => session.familyId),
        now,
      );
      await recordEvent(trx, {
        action: 'company.sign_in_policy_saved',
        actor: { userId: actor.userId, requestId: actor.requestId },
        target: { table: 'company_sign_in_policies', key: { company_id: companyId } },
        details: {
          companyId,
          twoStepRequired: policy.twoStepRequired,
          singleSignOnOnly: policy.singleSignOnOnly,
          sessionsEnded: ending.length,
          usersSignedOut: new Set(ending.map((session) => session.userId)).size,
        },
      });
      return { ...(await viewOf(trx, companyId)), sessionsEnded: ending.length, ownSessionEnded };
    });
  }

  return { companyPolicy, save };
}

/**
 * Single sign-on only needs a connection the partner approved (else nobody could sign in) and a break-glass user who
 * is an administrator of the company (else nobody could sign in when the provider is down). A break-glass user named
 * without single sign-on only is kept for next time, so is held to the same rule.
 */
async function checkPolicy(db: Kysely<Database>, companyId: number, policy: CompanyPolicy) {
  if (policy.singleSignOnOnly && !(await hasApprovedConnection(db, companyId))) {
    throw invalidField('singleSignOnOnly', 'approved_connection', SIGN_IN_POLICY_MESSAGES.ssoNotApproved);
  }
  if (policy.singleSignOnOnly && policy.breakGlassUserId === null) {
    throw invalidField('breakGlassUserId', 'required', SIGN_IN_POLICY_MESSAGES.breakGlassRequired);
  }
  if (policy.breakGlassUserId !== null) {
    const [administrator] = await administratorsOf(db, companyId, policy.breakGlassUserId);
    if (!administrator) {
      throw invalidField('breakGlassUserId', 'administrator', SIGN_IN_POLICY_MESSAGES.breakGlassNotAdministrator);
    }
  }
}

async function viewOf(db: Kysely<Database>, companyId: number): Promise<CompanySignInPolicy> {
  const saved = await policyOfCompany(db, companyId);
  const { updatedAt, ...policy } = saved ?? { ...NO_POLICY, updatedAt: null };
  return {
    ...policy,
    updatedAt: updatedAt?.toISOString() ?? null,
    singleSignOnApproved: await hasApprovedConnection(db, companyId),
    administrators: await administratorsOf(db, companyId),
  };
}
