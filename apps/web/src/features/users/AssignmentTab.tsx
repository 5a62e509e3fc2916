import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canAccess, type Permission, USER_ASSIGNMENT_ITEM, type UserAssignmentList } from '@portal/contract';
import { useMemo, useRef } from 'react';
import { DataTable, type Id } from '../../components/data-table';
import { ASSIGNMENT_SOURCES, type SelectableRow } from './assignment-lists';
import type { Assigned } from './user-form-values';

/** The chip's text: a line's name with its number, anything else by name. */
function chipLabel(item: Assigned): string {
  return item.identifier ? `${item.name} (${item.identifier})` : item.name;
}

/**
 * One assignment tab of the user form (spec 2.11): the chosen items as removable chips above a selection table of
 * the caller's estate. Read-only, or without access to the list, only the chips show.
 */
export function AssignmentTab({
  list,
  selected,
  onChange,
  readOnly,
  held,
  severalCompanies,
  error,
}: {
  list: UserAssignmentList;
  selected: readonly Assigned[];
  onChange: (next: Assigned[]) => void;
  readOnly: boolean;
  held: readonly Permission[];
  severalCompanies: boolean;
  error: string | undefined;
}) {
  const source = ASSIGNMENT_SOURCES[list];
  // The rows the table has drawn, by id: a newly ticked row's chip needs its name, and the selection gives only
  // ids. Recorded as each row's checkbox is labelled, since rows from the query cache are not parsed again.
  const seen = useRef(new Map<number, SelectableRow>());
  const rowLabel = useMemo(
    () => (row: SelectableRow) => {
      seen.current.set(row.id, row);
      return row.name;
    },
    [],
  );
  const columns = useMemo(() => source.columns(severalCompanies), [source, severalCompanies]);
  const item = USER_ASSIGNMENT_ITEM[list];
  const mayList = canAccess(source.operation.access, held);

  const select = (ids: Id[]) => {
    const byId = new Map(selected.map((entry) => [entry.id, entry]));
    const next: Assigned[] = [];
    for (const id of ids.map(Number)) {
      const known = byId.get(id) ?? seen.current.get(id);
      if (!known) continue;
      next.push({ id, name: known.name, ...(known.identifier ? { identifier: known.identifier } : {}) });
    }
    onChange(next);
  };

  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap', minHeight: 32 }}
        role="list"
        aria-label={`Assigned ${item}s`}
      >
        {selected.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="listitem">
            No {item}s assigned.
          </Typography>
        ) : (
          selected.map((entry) => (
            // The item holds the chip: a deletable chip is focusable, and a focusable element needs a widget role
            // (a button), not listitem (axe's focus-order-semantics).
            <Box key={entry.id} role="listitem" sx={{ display: 'flex', maxWidth: '100%' }}>
              <Chip
                label={chipLabel(entry)}
                sx={{ maxWidth: '100%' }}
                {...(readOnly ? {} : { onDelete: () => onChange(selected.filter((other) => other.id !== entry.id)) })}
              />
            </Box>
          ))
        )}
      </Stack>
      {readOnly ? null : mayList ? (
        <DataTable<SelectableRow>
          resource={`user-form-${list}`}
          urlKey={list}
          operation={source.operation}
          parseRow={source.parseRow}
          columns={columns}
          getRowId={(row) => row.id}
          ariaLabel={source.label}
          defaultSort={{ field: 'name', direction: 'asc' }}
          {...(source.baseFilter ? { baseFilter: source.baseFilter } : {})}
          select={source.select}
          selection={{ selectedIds: selected.map((entry) => entry.id), onChange: select, rowLabel }}
          emptyText={`There are no ${item}s to assign.`}
        />
      ) : (
        <Alert severity="info">Your access does not list {item}s: ask an administrator who manages them.</Alert>
      )}
    </Stack>
  );
}
