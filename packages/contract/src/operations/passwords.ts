import { ApiErrorSchema } from '../api';
import { ChangePasswordRequestSchema, EmptyReplySchema, ForgotPasswordRequestSchema } from '../auth-api';
import { operation } from '../operation';

// Password change and recovery (spec 2.4, 2.7). Both are public: an expired password is changed before sign-in.

export const changePassword = operation({
  method: 'POST',
  path: '/api/login/changePassword',
  summary: 'Change a password with the current one; ends the other sessions',
  // Authenticated by the current password, so that an expired password can be replaced before sign-in.
  access: 'public',
  body: ChangePasswordRequestSchema,
  bodyEncoding: 'form',
  response: EmptyReplySchema,
  errors: { 429: ApiErrorSchema },
});

export const forgotPassword = operation({
  method: 'POST',
  path: '/api/login/forgotPassword',
  summary:
    'E-mail a temporary password (works once, for an hour) when username and e-mail match; answers the same either way, changing nothing until it is used',
  access: 'public',
  body: ForgotPasswordRequestSchema,
  bodyEncoding: 'form',
  response: EmptyReplySchema,
  errors: { 429: ApiErrorSchema },
});
