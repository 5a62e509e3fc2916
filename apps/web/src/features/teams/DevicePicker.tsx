import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canAccess,
  ENDPOINT_TYPE,
  type EndpointListItem,
  EndpointListItemSchema,
  estateOperations,
  type TeamEndpointRef,
} from '@portal/contract';
import { useId, useMemo, useRef } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { usePermissions } from '../../session/useSession';
import { chosenDevices } from './team-form';

const COLUMNS: DataTableColumn<EndpointListItem>[] = [
  { field: 'name', header: 'Name', sortable: true, filter: 'text', card: 'wideKey' },
  { field: 'identifier', header: 'Mobile Number', sortable: true, filter: 'text', card: 'wideKey', unbroken: true },
];

/**
 * The team form's Mobile Devices (spec 2.11): chips of the chosen devices, removable while editing, above a table
 * of the company's mobile devices (Name, filterable, and Mobile Number) with a checkbox on each row.
 */
export function DevicePicker({
  companyId,
  value,
  onChange,
  readOnly,
}: {
  /** The team's company: only its devices may join the team (decision 0109). */
  companyId: number | undefined;
  value: readonly TeamEndpointRef[];
  onChange: (devices: TeamEndpointRef[]) => void;
  readOnly: boolean;
}) {
  const headingId = useId();
  // The list of lines needs a permission that reads them; without one its 403 would end the session (spec 4).
  const held = usePermissions();
  const canList = held !== undefined && canAccess(estateOperations.list.access, held);
  // The rows the table has loaded, so a newly ticked device can be shown as a chip by name.
  const loaded = useRef(new Map<number, TeamEndpointRef>());
  const parseRow = useMemo(
    () => (raw: unknown) => {
      const row = EndpointListItemSchema.parse(raw);
      if (row.id !== undefined) {
        loaded.current.set(row.id, { id: row.id, name: row.name ?? '', identifier: row.identifier ?? '' });
      }
      return row;
    },
    [],
  );
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Mobile Devices
      </Typography>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No devices selected.
        </Typography>
      ) : (
        <Stack
          role="group"
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexWrap: 'wrap' }}
          aria-label="Selected devices"
        >
          {value.map((device) => (
            <Chip
              key={device.id}
              label={`${device.name} (${device.identifier})`}
              sx={{ maxWidth: '100%' }}
              {...(readOnly ? {} : { onDelete: () => onChange(value.filter((chosen) => chosen.id !== device.id)) })}
            />
          ))}
        </Stack>
      )}
      {readOnly ? null : !canList ? (
        <Typography variant="body2" color="text.secondary">
          You need access to the mobile estate to choose devices.
        </Typography>
      ) : companyId === undefined ? (
        <Typography variant="body2" color="text.secondary">
          Choose a company to list its devices.
        </Typography>
      ) : (
        <DataTable<EndpointListItem>
          resource="team-devices"
          urlKey="devices"
          operation={estateOperations.list}
          parseRow={parseRow}
          columns={COLUMNS}
          getRowId={(device) => device.id ?? 0}
          ariaLabel="Mobile devices"
          baseFilter={`endPointTypeId eq ${ENDPOINT_TYPE.mobile} and companyId eq ${companyId}`}
          select={['id', 'name', 'identifier']}
          defaultSort={{ field: 'name', direction: 'asc' }}
          // A few rows at a time: the chips and Save stay near on a phone; the filter finds a device by name.
          defaultPageSize={5}
          selection={{
            selectedIds: value.map((device) => device.id),
            onChange: (ids) => onChange(chosenDevices(value, ids, loaded.current)),
            rowLabel: (device) => device.name ?? 'device',
          }}
          emptyText="This company has no mobile devices."
          noMatchText="No devices match this filter"
          loadErrorText="We couldn't load the devices"
        />
      )}
    </Stack>
  );
}
