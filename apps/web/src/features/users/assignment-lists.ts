import {
  CompanyListItemSchema,
  companyOperations,
  ENDPOINT_TYPE,
  EndpointListItemSchema,
  estateOperations,
  SiteListItemSchema,
  siteOperations,
  TeamListItemSchema,
  teamOperations,
  type UserAssignmentList,
} from '@portal/contract';
import type { DataTableColumn, ListOperation } from '../../components/data-table';

/** A row of a selection table: what its chip needs. */
export interface SelectableRow {
  id: number;
  name: string;
  identifier?: string;
  companyName?: string;
}

/** How each assignment tab lists what can be chosen: the estate lists the caller already reads (decision 0115). */
export interface AssignmentListSource {
  operation: ListOperation;
  parseRow: (raw: unknown) => SelectableRow;
  columns: (severalCompanies: boolean) => DataTableColumn<SelectableRow>[];
  select: readonly string[];
  baseFilter?: string;
  /** The table's accessible name. */
  label: string;
}

const nameColumn: DataTableColumn<SelectableRow> = {
  field: 'name',
  header: 'Name',
  sortable: true,
  filter: 'text',
  card: 'wideKey',
};
const companyColumn: DataTableColumn<SelectableRow> = { field: 'companyName', header: 'Company', sortable: true };
const withCompany = (several: boolean) => (several ? [nameColumn, companyColumn] : [nameColumn]);

function row(raw: { id?: number | undefined; name?: string | undefined }, extra: Partial<SelectableRow> = {}) {
  return { id: raw.id ?? 0, name: raw.name ?? '', ...extra };
}

function endpointSource(typeId: number, label: string, numberHeader: string): AssignmentListSource {
  return {
    operation: estateOperations.list,
    parseRow: (raw) => {
      const line = EndpointListItemSchema.parse(raw);
      return row(line, { identifier: line.identifier ?? '' });
    },
    columns: () => [nameColumn, { field: 'identifier', header: numberHeader, sortable: true, filter: 'text' }],
    select: ['id', 'name', 'identifier'],
    baseFilter: `endPointTypeId eq ${typeId}`,
    label,
  };
}

export const ASSIGNMENT_SOURCES: Readonly<Record<UserAssignmentList, AssignmentListSource>> = {
  companies: {
    operation: companyOperations.list,
    parseRow: (raw) => row(CompanyListItemSchema.parse(raw)),
    columns: () => [nameColumn],
    select: ['id', 'name'],
    label: 'Companies to assign',
  },
  sites: {
    operation: siteOperations.list,
    parseRow: (raw) => {
      const site = SiteListItemSchema.parse(raw);
      return row(site, { companyName: site.companyName ?? '' });
    },
    columns: withCompany,
    select: ['id', 'name', 'companyName'],
    label: 'Sites to assign',
  },
  teams: {
    operation: teamOperations.list,
    parseRow: (raw) => {
      const team = TeamListItemSchema.parse(raw);
      return row(team, { companyName: team.companyName ?? '' });
    },
    columns: withCompany,
    select: ['id', 'name', 'companyName'],
    label: 'Teams to assign',
  },
  mobileEndPoints: endpointSource(ENDPOINT_TYPE.mobile, 'Mobile devices to assign', 'Mobile Number'),
  broadbandEndPoints: endpointSource(ENDPOINT_TYPE.broadband, 'Broadband contracts to assign', 'Number'),
};
