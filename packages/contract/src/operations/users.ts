import { z } from 'zod';
import { anyOf } from '../access';
import { ApiErrorSchema, odataList } from '../api';
import { UserListItemSchema, UserNameUniqueRequestSchema, UserSaveSchema, UserSchema } from '../entities/users';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

const UserIdParams = z.object({ id: idParam('user') });
const readers = { anyOf: [...anyOf('Read', 'ManageUser').anyOf, ...anyOf('Write', 'ManageUser').anyOf] } as const;

// Manage Users (spec 2.10, 2.11, 7): reads need ManageUser Read (or Write), saves Write, deletes Delete
// (docs/decisions/0108); what a save may grant is limited by the caller's own (docs/decisions/0109).

export const list = operation({
  method: 'GET',
  path: '/api/users',
  summary: "The users of the caller's estate (OData: $select, $filter, $orderby, $top, $skip, $count)",
  access: readers,
  query: ODataQuerySchema,
  response: odataList(UserListItemSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/users/:id',
  summary:
    "A user of the caller's estate with their functionality and assignments (Companies, Sites, Teams, MobileEndPoints, BroadbandEndPoints)",
  access: readers,
  params: UserIdParams,
  query: ODataQuerySchema.pick({ $expand: true }),
  response: UserSchema,
});

export const isUserNameUnique = operation({
  method: 'POST',
  path: '/api/users/isUserNameUnique',
  summary:
    'Whether no other user has this username or a look-alike of it, ignoring case; at most 30 checks a minute per caller (docs/decisions/0124)',
  access: readers,
  body: UserNameUniqueRequestSchema,
  response: z.boolean(),
  errors: { 429: ApiErrorSchema },
});

export const create = operation({
  method: 'POST',
  path: '/api/users',
  summary:
    'Add a user; they are e-mailed a temporary password to set their own (never in this answer, docs/decisions/0111)',
  access: anyOf('Write', 'ManageUser'),
  body: UserSaveSchema,
  successStatus: 201,
  response: UserSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/users/:id',
  summary: "Change a user of the caller's estate (not the caller's own record)",
  access: anyOf('Write', 'ManageUser'),
  params: UserIdParams,
  body: UserSaveSchema,
  response: UserSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/users/:id',
  summary: "Delete a user of the caller's estate (not oneself); their sessions end at once",
  access: anyOf('Delete', 'ManageUser'),
  params: UserIdParams,
  successStatus: 204,
  response: z.null(),
});

export const signOut = operation({
  method: 'POST',
  path: '/api/users/:id/signOut',
  summary:
    "End every session of a user of the caller's estate at once, on every device (not the caller's own: My Account ends those)",
  access: anyOf('Write', 'ManageUser'),
  params: UserIdParams,
  successStatus: 204,
  response: z.null(),
});

export const resetTwoStep = operation({
  method: 'POST',
  path: '/api/users/:id/resetTwoStep',
  summary:
    "For a user of the caller's estate who lost their second factors: remove their authenticator app, passkeys and recovery codes and end their sessions; they sign in with their password and set a factor up again",
  access: anyOf('Write', 'ManageUser'),
  params: UserIdParams,
  successStatus: 204,
  response: z.null(),
});
