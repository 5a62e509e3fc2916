import { type UserListItem, UserListItemSchema, userOperations } from '@portal/contract';
import { useCallback } from 'react';
import { callOperation } from '../../api/operations';
import { AdminListPage } from '../../components/admin/AdminListPage';
import type { DataTableColumn } from '../../components/data-table';
import { useCurrentUser } from '../../session/useSession';

const USER_COLUMNS: DataTableColumn<UserListItem>[] = [
  { field: 'emailAddress', header: 'Email Address', sortable: true, filter: 'text', card: 'wide' },
];

// Module-level, so the table's columns are not rebuilt on every render.
const userName = (user: UserListItem) => user.userName ?? '';

/** Manage Users (spec 2.10): User Name and Email Address; the caller's own row is only viewed (spec 6). */
export function UsersListPage() {
  const me = useCurrentUser()?.userName;
  // Usernames are unique ignoring case (decision 0109), as spec 5's given_name comparison is read.
  const isOwnRow = useCallback(
    (user: UserListItem) => me !== undefined && user.userName?.toLowerCase() === me.toLowerCase(),
    [me],
  );
  return (
    <AdminListPage<UserListItem>
      area="users"
      operation={userOperations.list}
      parseRow={UserListItemSchema.parse}
      select={['id', 'userName', 'emailAddress']}
      nameField="userName"
      nameHeader="User Name"
      name={userName}
      columns={USER_COLUMNS}
      remove={(id) => callOperation(userOperations.remove, { params: { id } })}
      isOwnRow={isOwnRow}
      emptyText="There are no users yet."
    />
  );
}
