import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isYmd } from './query';
import type { ColumnFilterValue, DataTableColumn } from './types';

/** The text filter dialog width of spec 9. */
export const TEXT_FILTER_DIALOG_WIDTH = 315;

/**
 * A filter dialog's form is portalled out of the page, but React still bubbles its submit through the components
 * that rendered it: a table inside a form would otherwise save that form when a filter is applied (issue 21).
 */
function keepSubmitInDialog(event: FormEvent): void {
  event.preventDefault();
  event.stopPropagation();
}

interface FilterDialogProps<F extends ColumnFilterValue> {
  header: string;
  /** The column's current filter (the dialog starts from it). */
  current: F | undefined;
  /** Called with the new filter, or undefined to remove it; the dialog closes. */
  onApply: (filter: F | undefined) => void;
  /** Closes without changing anything. */
  onCancel: () => void;
}

/**
 * 'Filter for {header}': one text field; CLEAR removes the filter, CANCEL keeps it as it was, APPLY filters by the
 * text (a blank text filters nothing, so it removes the filter too). Enter applies.
 */
export function TextFilterDialog({
  header,
  current,
  onApply,
  onCancel,
}: FilterDialogProps<{ kind: 'text'; value: string }>) {
  const [value, setValue] = useState(current?.value ?? '');
  const titleId = useId();

  function apply(event: FormEvent): void {
    keepSubmitInDialog(event);
    const text = value.trim();
    onApply(text === '' ? undefined : { kind: 'text', value: text });
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: TEXT_FILTER_DIALOG_WIDTH, m: 2 } } }}
    >
      <DialogForm onSubmit={apply}>
        <DialogTitle id={titleId}>Filter for {header}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={header}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onApply(undefined)}>Clear</Button>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}

/**
 * 'Filter for {header}' with From and To dates (either may be empty, both inclusive); Clear removes the filter,
 * Apply filters when at least one date is set (none removes the filter). Escape or a click outside cancels.
 */
export function DateFilterDialog({
  header,
  current,
  onApply,
  onCancel,
}: FilterDialogProps<{ kind: 'date'; from?: string; to?: string }>) {
  const [from, setFrom] = useState(current?.from ?? '');
  const [to, setTo] = useState(current?.to ?? '');
  const titleId = useId();
  const reversed = isYmd(from) && isYmd(to) && from > to;

  function apply(event: FormEvent): void {
    keepSubmitInDialog(event);
    if (reversed) return;
    const range: { kind: 'date'; from?: string; to?: string } = { kind: 'date' };
    if (isYmd(from)) range.from = from;
    if (isYmd(to)) range.to = to;
    onApply(range.from === undefined && range.to === undefined ? undefined : range);
  }

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} slotProps={{ paper: { sx: { m: 2 } } }}>
      <DialogForm onSubmit={apply}>
        <DialogTitle id={titleId}>Filter for {header}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              type="date"
              label="From"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: isYmd(to) ? to : undefined } }}
            />
            <TextField
              type="date"
              label="To"
              value={to}
              error={reversed}
              helperText={reversed ? 'The to date must not be before the from date.' : undefined}
              onChange={(event) => setTo(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isYmd(from) ? from : undefined } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onApply(undefined)}>Clear</Button>
          <Button type="submit" variant="contained" disabled={reversed}>
            Apply
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}

/**
 * The filter's form inside the dialog's paper, laid out as if it were not there: the paper itself cannot be the form,
 * as a form may not take the dialog role (axe's aria-allowed-role).
 */
function DialogForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Box component="form" onSubmit={onSubmit} sx={{ display: 'contents' }}>
      {children}
    </Box>
  );
}

/** The dialog of a filterable column: the date dialog for date filters, the text dialog otherwise. */
export function ColumnFilterDialog<Row>({
  column,
  current,
  onApply,
  onCancel,
}: {
  column: DataTableColumn<Row>;
  current: ColumnFilterValue | undefined;
  onApply: (filter: ColumnFilterValue | undefined) => void;
  onCancel: () => void;
}) {
  if (column.filter === 'date') {
    return (
      <DateFilterDialog
        header={column.header}
        current={current?.kind === 'date' ? current : undefined}
        onApply={onApply}
        onCancel={onCancel}
      />
    );
  }
  return (
    <TextFilterDialog
      header={column.header}
      current={current?.kind === 'text' ? current : undefined}
      onApply={onApply}
      onCancel={onCancel}
    />
  );
}
