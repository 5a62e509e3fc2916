import {
  type EndpointListItem,
  EndpointListItemSchema,
  endpointEndpoints,
  type FunctionalityCode,
  MAX_LENGTH,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { callEndpoint } from '../../api/endpoints';
import { useCan } from '../../app/session/useCan';
import { useHasSeveralCompanies } from '../../app/session/useHasSeveralCompanies';
import {
  DataTable,
  type DataTableColumn,
  type Id,
  type ListEndpoint,
  type ListParams,
} from '../../components/data-table';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { type CompanyOption, useEditOptions } from './estate-queries';

type Device = EndpointListItem;

const SELECT = ['id', 'name', 'identifier', 'product', 'siteId', 'siteName', 'companyId', 'companyName'];
const EXPAND = ['teams'];

const devicePath = (device: Device) =>
  device.identifier ? `/mobile/device/${encodeURIComponent(device.identifier)}` : undefined;

/** A device's choices: the sites or teams of its own company (a move to another company's is refused). */
const ofCompany = (options: readonly CompanyOption[]) => (device: Device) =>
  options.filter((option) => option.companyId === device.companyId);

interface ColumnOptions {
  editable: boolean;
  linksToDevice: boolean;
  company: boolean;
  sites: readonly CompanyOption[];
  teams: readonly CompanyOption[];
  save: Saves;
  onSaveError: (error: unknown) => void;
}

interface Saves {
  name: (device: Device, name: string) => Promise<void>;
  site: (device: Device, siteId: Id) => Promise<void>;
  teams: (device: Device, teamIds: Id[]) => Promise<void>;
}

/** The inline edits of spec 7; each answers the line as saved, and the table reloads with it (same API area). */
const SAVES: Saves = {
  name: async (device, name) => {
    const id = device.id ?? 0;
    await callEndpoint(endpointEndpoints.changeName, { params: { id }, body: { id, name } });
  },
  site: async (device, siteId) => {
    const id = device.id ?? 0;
    await callEndpoint(endpointEndpoints.changeSite, { params: { id }, body: { id, siteId: Number(siteId) } });
  },
  teams: async (device, teamIds) => {
    const id = device.id ?? 0;
    await callEndpoint(endpointEndpoints.changeTeams, { params: { id }, body: { id, teamIds: teamIds.map(Number) } });
  },
};

/**
 * The columns of spec 2.12 (Name, Mobile Number, Product, Site, Teams), and Company for a caller with several
 * (decision 0056). With Write the name, site and teams are editors; the device page is then reached from the
 * Mobile Number, since a text field cannot be a link (decision 0082).
 */
function deviceColumns({ editable, linksToDevice, company, sites, teams, save, onSaveError }: ColumnOptions) {
  const name: DataTableColumn<Device> = editable
    ? { field: 'name', header: 'Name', type: 'stringEdit', maxLength: MAX_LENGTH.name, save: save.name, onSaveError }
    : linksToDevice
      ? { field: 'name', header: 'Name', type: 'link', href: devicePath }
      : { field: 'name', header: 'Name' };
  const number: DataTableColumn<Device> =
    editable && linksToDevice
      ? { field: 'identifier', header: 'Mobile Number', type: 'link', href: devicePath }
      : { field: 'identifier', header: 'Mobile Number' };
  const columns: DataTableColumn<Device>[] = [
    { ...name, sortable: true, filter: 'text', card: 'wideKey' },
    { ...number, sortable: true, filter: 'text', card: 'key', unbroken: true },
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
      value: (device) => device.siteId,
      text: (device) => device.siteName,
      options: ofCompany(sites),
      canEdit: () => editable,
      save: save.site,
      onSaveError,
    },
    {
      field: 'teams',
      header: 'Teams',
      width: 210,
      type: 'changeTeam',
      value: (device) => (device.teams ?? []).map((team) => team.id),
      names: (device) => (device.teams ?? []).map((team) => team.name),
      options: ofCompany(teams),
      canEdit: () => editable,
      save: save.teams,
      onSaveError,
    },
  ];
  return columns;
}

/**
 * A table of mobile devices (the estate's, a site's or a team's), inline editable with Write on `writeCode`, the
 * estate code of the page it is on (decision 0082). A failed edit puts the old value back and says so.
 */
export function DevicesTable({
  endpoint,
  params,
  writeCode,
  resource,
  ariaLabel,
  emptyText,
}: {
  endpoint: ListEndpoint;
  params?: ListParams;
  writeCode: FunctionalityCode;
  resource: string;
  ariaLabel: string;
  emptyText: string;
}) {
  const editable = useCan(writeCode, 'Write') ?? false;
  const linksToDevice = useCan('EndPointSummary', 'Read') ?? false;
  const company = useHasSeveralCompanies();
  const { sites, teams } = useEditOptions(editable);
  const notify = useNotify();

  const onSaveError = useCallback(
    (error: unknown) => {
      console.error(error);
      notify({ message: NOTIFICATION_MESSAGES.deviceUpdateFailed, severity: 'error' });
    },
    [notify],
  );
  const columns = useMemo(() => {
    return deviceColumns({ editable, linksToDevice, company, sites, teams, save: SAVES, onSaveError });
  }, [editable, linksToDevice, company, sites, teams, onSaveError]);

  return (
    <DataTable<Device>
      resource={resource}
      urlKey="devices"
      endpoint={endpoint}
      {...(params ? { params } : {})}
      parseRow={EndpointListItemSchema.parse}
      columns={columns}
      getRowId={(device) => device.id ?? 0}
      ariaLabel={ariaLabel}
      defaultSort={{ field: 'name', direction: 'asc' }}
      select={SELECT}
      expand={EXPAND}
      csvFileName={resource}
      emptyText={emptyText}
      noMatchText="No devices match this filter"
      loadErrorText="We couldn't load the devices"
    />
  );
}
