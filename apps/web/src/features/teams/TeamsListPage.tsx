import { type TeamListItem, TeamListItemSchema, teamOperations } from '@portal/contract';
import { callOperation } from '../../api/operations';
import { AdminListPage } from '../../components/admin/AdminListPage';
import type { DataTableColumn } from '../../components/data-table';

const TEAM_COLUMNS: DataTableColumn<TeamListItem>[] = [
  { field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' },
  // Counted from the expanded devices (decision 0108): the list has no count field to sort on.
  { field: 'devices', header: 'Devices', type: 'number', align: 'right', value: (team) => team.endPoints?.length ?? 0 },
];

// Module-level, so the table's columns are not rebuilt on every render.
const teamName = (team: TeamListItem) => team.name ?? '';

/** Manage Teams (spec 2.10): Name, Company and the count of its devices. */
export function TeamsListPage() {
  return (
    <AdminListPage<TeamListItem>
      area="teams"
      operation={teamOperations.list}
      parseRow={TeamListItemSchema.parse}
      select={['id', 'name', 'companyName']}
      expand={['EndPoints']}
      nameField="name"
      nameHeader="Name"
      name={teamName}
      columns={TEAM_COLUMNS}
      remove={(id) => callOperation(teamOperations.remove, { params: { id } })}
      emptyText="There are no teams yet."
    />
  );
}
