import {
  type SiteDetail,
  SiteDetailSchema,
  siteEndpoints,
  type TeamListItem,
  TeamListItemSchema,
  teamEndpoints,
  type UserListItem,
  UserListItemSchema,
  userEndpoints,
} from '@portal/contract';
import { useCallback } from 'react';
import { callEndpoint } from '../../api/endpoints';
import { useCurrentUser } from '../../app/session/useSession';
import type { DataTableColumn } from '../../components/data-table';
import { AdminListPage } from './AdminListPage';

const SITE_COLUMNS: DataTableColumn<SiteDetail>[] = [
  { field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' },
  { field: 'line1', header: 'Address Line 1', sortable: true, filter: 'text', card: 'wide' },
  { field: 'line2', header: 'Address Line 2', sortable: true },
  { field: 'line3', header: 'Address Line 3', sortable: true },
  { field: 'town', header: 'Town', sortable: true, filter: 'text' },
  { field: 'county', header: 'County', sortable: true, filter: 'text' },
  { field: 'postCode', header: 'Post Code', sortable: true, filter: 'text', unbroken: true },
];

const TEAM_COLUMNS: DataTableColumn<TeamListItem>[] = [
  { field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' },
  // Counted from the expanded devices (decision 0108): the list has no count field to sort on.
  { field: 'devices', header: 'Devices', type: 'number', align: 'right', value: (team) => team.endPoints?.length ?? 0 },
];

const USER_COLUMNS: DataTableColumn<UserListItem>[] = [
  { field: 'emailAddress', header: 'Email Address', sortable: true, filter: 'text', card: 'wide' },
];

// Module-level, so the table's columns are not rebuilt on every render.
const siteName = (site: SiteDetail) => site.name ?? '';
const teamName = (team: TeamListItem) => team.name ?? '';
const userName = (user: UserListItem) => user.userName ?? '';

/** Manage Sites (spec 2.10): Name, Company, Address Line 1 to 3, Town, County, Post Code. */
export function SitesListPage() {
  return (
    <AdminListPage<SiteDetail>
      area="sites"
      endpoint={siteEndpoints.list}
      parseRow={SiteDetailSchema.parse}
      select={['id', 'name', 'companyName', 'line1', 'line2', 'line3', 'town', 'county', 'postCode']}
      nameField="name"
      nameHeader="Name"
      name={siteName}
      columns={SITE_COLUMNS}
      remove={(id) => callEndpoint(siteEndpoints.remove, { params: { id } })}
      emptyText="There are no sites yet."
    />
  );
}

/** Manage Teams (spec 2.10): Name, Company and the count of its devices. */
export function TeamsListPage() {
  return (
    <AdminListPage<TeamListItem>
      area="teams"
      endpoint={teamEndpoints.list}
      parseRow={TeamListItemSchema.parse}
      select={['id', 'name', 'companyName']}
      expand={['EndPoints']}
      nameField="name"
      nameHeader="Name"
      name={teamName}
      columns={TEAM_COLUMNS}
      remove={(id) => callEndpoint(teamEndpoints.remove, { params: { id } })}
      emptyText="There are no teams yet."
    />
  );
}

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
      endpoint={userEndpoints.list}
      parseRow={UserListItemSchema.parse}
      select={['id', 'userName', 'emailAddress']}
      nameField="userName"
      nameHeader="User Name"
      name={userName}
      columns={USER_COLUMNS}
      remove={(id) => callEndpoint(userEndpoints.remove, { params: { id } })}
      isOwnRow={isOwnRow}
      emptyText="There are no users yet."
    />
  );
}
