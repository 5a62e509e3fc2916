import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/** What Manage Users may select, filter and sort on: the user and the name of their profile. */
export const usersResource = defineODataResource<Database, 'users' | 'profiles'>()({
  name: 'users',
  fields: {
    id: { type: 'number', column: 'users.id' },
    userName: { type: 'string', column: 'users.user_name' },
    emailAddress: { type: 'string', column: 'users.email_address' },
    profileId: { type: 'number', column: 'users.profile_id' },
    profileName: { type: 'string', column: 'profiles.name' },
  },
  key: 'users.id',
  defaultOrder: [{ field: 'userName', direction: 'asc' }],
  maxTop: 100,
});
