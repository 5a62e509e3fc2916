import {
  type EndpointListItem,
  EndpointListItemSchema,
  estateOperations,
  type FunctionalityCode,
  MAX_LENGTH,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { callOperation } from '../../api/operations';
import {
  DataTable,
  type DataTableColumn,
  type Id,
  type ListOperation,
  type ListParams,
} from '../../components/data-table';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { useCan } from '../../session/useCan';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { LINE_KINDS, type LineKind } from './estate-groups';
import { type CompanyOption, useEditOptions } from './estate-queries';

/** A mobile device or a broadband contract: one line of the estate. */
type Line = EndpointListItem;

const SELECT = ['id', 'name', 'identifier', 'product', 'siteId', 'siteName', 'companyId', 'companyName'];

/** What differs between a table of mobile devices and one of broadband contracts (decision 0094). */
const LINES = {
  mobile: {
    numberHeader: 'Mobile Number',
    expand: ['teams'],
    failed: NOTIFICATION_MESSAGES.deviceUpdateFailed,
    path: (device: Line) => (device.identifier ? `/mobile/device/${encodeURIComponent(device.identifier)}` : undefined),
  },
  broadband: {
    numberHeader: 'Phone Number / ADSL Ref',
    expand: [],
    failed: NOTIFICATION_MESSAGES.contractUpdateFailed,
    path: (contract: Line) =>
      contract.identifier ? `/broadband/contract/${encodeURIComponent(contract.identifier)}` : undefined,
  },
} as const;

/** A line's choices: the sites or teams of its own company (a move to another company's is refused). */
const ofCompany = (options: readonly CompanyOption[]) => (device: Line) =>
  options.filter((option) => option.companyId === device.companyId);

interface ColumnOptions {
  navigate: NavigateFunction;
  editable: boolean;
  linksToLine: boolean;
  company: boolean;
  sites: readonly CompanyOption[];
  teams: readonly CompanyOption[];
  save: Saves;
  onSaveError: (error: unknown) => void;
  onSaved: () => void;
}

/** Each editor names its line ('Name of 07700 900123'): a table of 60 fields all called 'Name' says nothing. */
const editorOf = (header: string) => (line: Line) => (line.identifier ? `${header} of ${line.identifier}` : header);

/** The name as an editor, saved on blur or Enter; wide enough for a whole name (decision 0132). */
function nameEditor({ save, onSaveError, onSaved }: ColumnOptions, width: number): DataTableColumn<Line> {
  return {
    field: 'name',
    header: 'Name',
    type: 'stringEdit',
    maxLength: MAX_LENGTH.name,
    width,
    save: save.name,
    editorLabel: editorOf('Name'),
    onSaveError,
    onSaved,
  };
}

interface Saves {
  name: (device: Line, name: string) => Promise<void>;
  site: (device: Line, siteId: Id) => Promise<void>;
  teams: (device: Line, teamIds: Id[]) => Promise<void>;
}

/** The inline edits of spec 7; each answers the line as saved, and the table reloads with it (same API area). */
const SAVES: Saves = {
  name: async (device, name) => {
    const id = device.id ?? 0;
    await callOperation(estateOperations.changeName, { params: { id }, body: { id, name } });
  },
  site: async (device, siteId) => {
    const id = device.id ?? 0;
    await callOperation(estateOperations.changeSite, { params: { id }, body: { id, siteId: Number(siteId) } });
  },
  teams: async (device, teamIds) => {
    const id = device.id ?? 0;
    await callOperation(estateOperations.changeTeams, { params: { id }, body: { id, teamIds: teamIds.map(Number) } });
  },
};

/**
 * The columns of spec 2.12: Name, Mobile Number, Product, Site, Teams for devices, and Company for a caller with
 * several (decision 0056). With Write the name, site and teams are editors; the device page is then reached from
 * the Mobile Number, since a text field cannot be a link (decision 0082).
 */
function mobileColumns(options: ColumnOptions) {
  const { editable, linksToLine, teams, save, onSaveError, onSaved } = options;
  const devicePath = LINES.mobile.path;
  const name: DataTableColumn<Line> = editable
    ? nameEditor(options, 320)
    : linksToLine
      ? { field: 'name', header: 'Name', type: 'link', href: devicePath }
      : { field: 'name', header: 'Name' };
  const number: DataTableColumn<Line> =
    editable && linksToLine
      ? { field: 'identifier', header: LINES.mobile.numberHeader, type: 'link', href: devicePath }
      : { field: 'identifier', header: LINES.mobile.numberHeader };
  const columns: DataTableColumn<Line>[] = [
    { ...name, sortable: true, filter: 'text', card: 'wideKey' },
    { ...number, sortable: true, filter: 'text', card: 'key', unbroken: true },
    ...sharedColumns(options),
    {
      field: 'teams',
      header: 'Teams',
      width: 210,
      type: 'changeTeam',
      // The server filters on the names of the line's teams the caller sees (decision 0132).
      filter: 'text',
      filterField: 'teamNames',
      value: (device) => (device.teams ?? []).map((team) => team.id),
      names: (device) => (device.teams ?? []).map((team) => team.name),
      options: ofCompany(teams),
      canEdit: () => editable,
      save: save.teams,
      editorLabel: editorOf('Teams'),
      onSaveError,
      onSaved,
    },
  ];
  return columns;
}

/**
 * Product, Company (for a caller with several, decision 0056) and the Site, a selector with Write (it shows the
 * read-only text while the line's company has fewer than two sites, decision 0082).
 */
function sharedColumns({
  editable,
  company,
  sites,
  save,
  onSaveError,
  onSaved,
}: ColumnOptions): DataTableColumn<Line>[] {
  return [
    { field: 'product', header: 'Product', sortable: true, filter: 'text' },
    ...(company
      ? [{ field: 'companyName', header: 'Company', sortable: true, filter: 'text', card: 'wide' } as const]
      : []),
    {
      field: 'siteName',
      header: 'Site',
      width: 230,
      type: 'changeSite',
      sortable: true,
      filter: 'text',
      value: (line) => line.siteId,
      text: (line) => line.siteName,
      options: ofCompany(sites),
      canEdit: () => editable,
      save: save.site,
      editorLabel: editorOf('Site'),
      onSaveError,
      onSaved,
    },
  ];
}

/**
 * The Contracts columns of spec 2.12: Name, Phone Number / ADSL Ref, Product, Site and a MANAGE action to the
 * contract's page under EndPointSummary Read (decision 0094). With Write the name and the site are editors.
 */
function broadbandColumns(options: ColumnOptions) {
  const { editable, linksToLine, navigate } = options;
  const name: DataTableColumn<Line> = editable
    ? // Broadband names carry their site's ('Manchester Head Office Broadband 0981'): one line at desktop width.
      nameEditor(options, 380)
    : { field: 'name', header: 'Name' };
  const columns: DataTableColumn<Line>[] = [
    { ...name, sortable: true, filter: 'text', card: 'wideKey' },
    {
      field: 'identifier',
      header: LINES.broadband.numberHeader,
      sortable: true,
      filter: 'text',
      // A line of its own on a phone card: beside the long header, half a line would break the number.
      card: 'wideKey',
      unbroken: true,
    },
    ...sharedColumns(options),
  ];
  if (linksToLine) {
    columns.push({
      field: 'manage',
      header: 'Manage',
      type: 'options',
      actions: [
        {
          label: 'MANAGE',
          ariaLabel: (contract) => `Manage contract ${contract.identifier ?? ''}`,
          isVisible: (contract) => LINES.broadband.path(contract) !== undefined,
          onClick: (contract) => {
            const path = LINES.broadband.path(contract);
            if (path) void navigate(path);
          },
        },
      ],
    });
  }
  return columns;
}

/**
 * A table of mobile devices or broadband contracts (the estate's, a site's or a team's), inline editable with Write
 * on `writeCode`, the estate code of the page it is on (decisions 0082, 0094). A failed edit puts the old value back
 * and says so.
 */
export function LinesTable({
  kind,
  operation,
  params,
  writeCode,
  resource,
  ariaLabel,
  emptyText,
}: {
  kind: LineKind;
  operation: ListOperation;
  params?: ListParams;
  writeCode: FunctionalityCode;
  resource: string;
  ariaLabel: string;
  emptyText: string;
}) {
  const lines = LINES[kind];
  const { lines: plural, line } = LINE_KINDS[kind];
  const editable = useCan(writeCode, 'Write') ?? false;
  const linksToLine = useCan('EndPointSummary', 'Read') ?? false;
  const company = useHasSeveralCompanies();
  const { sites, teams } = useEditOptions(editable, kind === 'mobile');
  const notify = useNotify();
  const navigate = useNavigate();

  const onSaveError = useCallback(
    (error: unknown) => {
      console.error(error);
      notify({ message: lines.failed, severity: 'error' });
    },
    [notify, lines],
  );
  // Said in the snackbar, which screen readers announce: the edit saves without a button, so without this nothing did.
  const onSaved = useCallback(
    () => notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' }),
    [notify],
  );
  const columns = useMemo(() => {
    const options = { navigate, editable, linksToLine, company, sites, teams, save: SAVES, onSaveError, onSaved };
    return kind === 'mobile' ? mobileColumns(options) : broadbandColumns(options);
  }, [kind, navigate, editable, linksToLine, company, sites, teams, onSaveError, onSaved]);

  return (
    <DataTable<Line>
      resource={resource}
      urlKey={plural.toLowerCase()}
      operation={operation}
      {...(params ? { params } : {})}
      parseRow={EndpointListItemSchema.parse}
      columns={columns}
      getRowId={(device) => device.id ?? 0}
      ariaLabel={ariaLabel}
      defaultSort={{ field: 'name', direction: 'asc' }}
      select={SELECT}
      expand={lines.expand}
      csvFileName={resource}
      emptyText={emptyText}
      noMatchText={`No ${plural.toLowerCase()} match this filter`}
      loadErrorText={`We couldn't load the ${line}s`}
    />
  );
}
