import { z } from 'zod';
import { anyOf } from '../access';
import { ApiErrorSchema } from '../api';
import { LoginReplySchema, SessionCookieHeadersSchema, SignInErrorSchema } from '../auth-api';
import {
  CompanySsoSchema,
  SsoApprovalItemSchema,
  SsoApprovalRequestSchema,
  SsoCompleteRequestSchema,
  SsoConnectionSaveSchema,
  SsoStartReplySchema,
  SsoStartRequestSchema,
} from '../entities/sso';
import { operation } from '../operation';
import { idParam } from '../params';

// Single sign-on over OpenID Connect (docs/decisions/0208): a company's administrators connect its identity
// provider, the partner's staff approve the connection, and the company's users sign in through it.

const CompanyIdParams = z.object({ id: idParam('company') });
/** Administrators of users administer how they sign in; the server also asks for a Company-level profile. */
const userAdministrators = anyOf('Write', 'ManageUser');
const partnerStaff = { role: 'partner-staff' } as const;

export const companySso = operation({
  method: 'GET',
  path: '/api/companies/:id/sso',
  summary:
    "A company's single sign-on connection (never its secret) and the redirect URI to register with the provider; for its Company-level administrators",
  access: userAdministrators,
  params: CompanyIdParams,
  response: CompanySsoSchema,
});

export const saveCompanySso = operation({
  method: 'PUT',
  path: '/api/companies/:id/sso',
  summary:
    "Connect or change a company's identity provider; a new issuer, client id or e-mail domain waits for the partner's approval again",
  access: userAdministrators,
  params: CompanyIdParams,
  body: SsoConnectionSaveSchema,
  response: CompanySsoSchema,
});

export const removeCompanySso = operation({
  method: 'DELETE',
  path: '/api/companies/:id/sso',
  summary: "Disconnect a company's identity provider; its users sign in with their passwords again",
  access: userAdministrators,
  params: CompanyIdParams,
  successStatus: 204,
  response: z.null(),
});

export const approvals = operation({
  method: 'GET',
  path: '/api/sso/approvals',
  summary: "The single sign-on connections of the staff member's partner's companies, awaiting approval first",
  access: partnerStaff,
  response: z.array(SsoApprovalItemSchema),
});

export const approve = operation({
  method: 'POST',
  path: '/api/sso/approvals',
  summary: "Approve a company's single sign-on connection, or withdraw the approval (partner staff)",
  access: partnerStaff,
  body: SsoApprovalRequestSchema,
  response: SsoApprovalItemSchema,
});

export const start = operation({
  method: 'POST',
  path: '/api/login/sso',
  summary:
    "Begin signing in through the company's identity provider, found from the work e-mail's domain or the username; answers the provider's authorisation URL",
  access: 'public',
  body: SsoStartRequestSchema,
  response: SsoStartReplySchema,
  errors: { 429: ApiErrorSchema, 503: ApiErrorSchema },
});

export const complete = operation({
  method: 'POST',
  path: '/api/login/sso/callback',
  summary:
    "Finish signing in through the provider with the query it redirected the browser back with; answers the password sign-in's tokens",
  access: 'public',
  headers: SessionCookieHeadersSchema,
  body: SsoCompleteRequestSchema,
  response: LoginReplySchema,
  errors: { 400: SignInErrorSchema, 429: ApiErrorSchema },
});
