import { z } from 'zod';
import { anyOf } from '../access';
import {
  CompanySignInPolicySchema,
  SignInPolicySaveReplySchema,
  SignInPolicySaveSchema,
} from '../entities/sign-in-policy';
import { operation } from '../operation';
import { idParam } from '../params';

// A company's sign-in policy (docs/decisions/0210): the same administrators as its single sign-on connection (0208).

const CompanyIdParams = z.object({ id: idParam('company') });
/** Administrators of users administer how they sign in; the server also asks for a Company-level profile. */
const userAdministrators = anyOf('Write', 'ManageUser');

export const companySignInPolicy = operation({
  method: 'GET',
  path: '/api/companies/:id/signInPolicy',
  summary:
    "A company's sign-in policy (two-step verification required, single sign-on only, passkey sign-in) and its administrators; for its Company-level administrators",
  access: userAdministrators,
  params: CompanyIdParams,
  response: CompanySignInPolicySchema,
});

export const saveCompanySignInPolicy = operation({
  method: 'PUT',
  path: '/api/companies/:id/signInPolicy',
  summary:
    "Save a company's sign-in policy; the sessions of its users that fall short of it end at once (with dryRun: only counted)",
  access: userAdministrators,
  params: CompanyIdParams,
  body: SignInPolicySaveSchema,
  response: SignInPolicySaveReplySchema,
});
