import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { filterChipLabel, isActiveFilter } from './query';
import type { DataTableColumn } from './types';
import type { ListController } from './useListController';

/** Above either view: the page's own toolbar, a chip per active filter (its delete removes it), Export CSV. */
export function ListToolbar<Row>({
  controller,
  columns,
  toolbar,
  csv,
}: {
  controller: ListController<Row>;
  columns: readonly DataTableColumn<Row>[];
  toolbar: ReactNode;
  csv: boolean;
}) {
  const { filters, exporting } = controller;
  const active = columns.filter((column) => column.filter && isActiveFilter(filters[column.field]));
  if (!toolbar && active.length === 0 && !csv) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      {toolbar}
      {active.map((column) => (
        <Chip
          key={column.field}
          size="small"
          color="primary"
          variant="outlined"
          label={filterChipLabel(column.header, filters[column.field]!)}
          onDelete={() => controller.setFilter(column.field, undefined)}
          sx={{ maxWidth: '100%' }}
        />
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {csv && (
        <Button
          size="small"
          startIcon={exporting ? <CircularProgress size={16} aria-label="Exporting" /> : <FileDownload />}
          disabled={exporting}
          aria-busy={exporting}
          onClick={() => void controller.exportCsv()}
        >
          Export CSV
        </Button>
      )}
    </Stack>
  );
}
