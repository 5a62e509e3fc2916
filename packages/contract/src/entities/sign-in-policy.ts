import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, NamedRefSchema } from '../primitives';

// A company's sign-in policy (issue 25, item 4; docs/decisions/0210): what its administrators require of its users'
// sign-ins, and the sessions that end when they require more.

/** What the screens say; the server's refusals use the same words. */
export const SIGN_IN_POLICY_MESSAGES = {
  ssoNotApproved: 'Single sign-on only needs a single sign-on connection your partner has approved',
  breakGlassRequired: 'Choose the administrator who can still sign in with a password',
  breakGlassNotAdministrator: 'Choose an administrator of this company',
  lastFactorRequired:
    'Your company requires two-step verification, so you cannot remove your last second factor. Set up another first.',
} as const;

/** The policy as an administrator saves it. */
export const SignInPolicySchema = z.object({
  /** A password sign-in also needs a second factor; users without one set one up as they sign in. */
  twoStepRequired: z.boolean(),
  /** Users sign in through the company's identity provider only, but for the break-glass administrator. */
  singleSignOnOnly: z.boolean(),
  /** The administrator who may still sign in with a password when the provider is down; required with singleSignOnOnly. */
  breakGlassUserId: IdSchema.nullable(),
  /** A passkey may sign in without the password. */
  passkeySignIn: z.boolean(),
});
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;

export const SignInPolicySaveSchema = SignInPolicySchema.extend({
  /** Check and count only: nothing is saved, no session ends; the answer says how many would. */
  dryRun: z.boolean().optional(),
});

export const CompanySignInPolicySchema = SignInPolicySchema.extend({
  /** When it was last saved; null while the company has never had a policy (it requires nothing). */
  updatedAt: IsoDateTimeSchema.nullable(),
  /** Whether the company's single sign-on connection is approved: single sign-on only needs it. */
  singleSignOnApproved: z.boolean(),
  /** The company's administrators (ManageUser Write at Company level), of whom one is the break-glass user. */
  administrators: z.array(NamedRefSchema),
});
export type CompanySignInPolicy = z.infer<typeof CompanySignInPolicySchema>;

export const SignInPolicySaveReplySchema = CompanySignInPolicySchema.extend({
  /** The sessions of the company's users that ended (or, with dryRun, would end) because they fall short. */
  sessionsEnded: z.number().int().min(0),
  /** Whether the caller's own session is one of them. */
  ownSessionEnded: z.boolean(),
});
export type SignInPolicySaveReply = z.infer<typeof SignInPolicySaveReplySchema>;
