import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { cellValue, optionsOf, sameId, siteText, teamNames, teamsText, toText } from './cell-text';
import type { ChangeSiteColumn, ChangeTeamColumn, Id, StringEditColumn } from './types';

/** The editor's accessible name: the column's, naming the row where it can (60 fields called 'Name' say nothing). */
function labelOf<Row>(column: { header: string; editorLabel?: (row: Row) => string }, row: Row): string {
  return column.editorLabel?.(row) ?? column.header;
}

/**
 * The inline editors of spec 2.9 (name, site, teams). Each shows a spinner and is read-only (aria-busy) while its
 * save runs: 'disabled' would throw focus to the page body (decision 0132). A save that succeeds calls `onSaved`;
 * a failed save puts the old value back and calls the column's `onSaveError` (else the table's `onError`, else
 * console.error). A new value from the server (the list reloads after a write) replaces what is shown.
 */

type ErrorHandler = ((error: unknown) => void) | undefined;

function saveFailed<Row>(
  error: unknown,
  row: Row,
  columnHandler: ((error: unknown, row: Row) => void) | undefined,
  tableHandler: ErrorHandler,
): void {
  if (columnHandler) columnHandler(error, row);
  else if (tableHandler) tableHandler(error);
  else console.error(error);
}

function Saving({ label }: { label: string }) {
  return <CircularProgress size={18} aria-label={`Saving ${label}`} />;
}

/**
 * A text field that saves a changed, non-empty value on blur (or Enter); Escape puts the saved value back. An emptied
 * field keeps its error ('Name is required.') until it is filled or escaped, rather than silently reverting. The field
 * stays focusable while it saves (read-only, not disabled), so Enter leaves focus where it was, even when the reloaded
 * list moves the row. It wraps a long name over lines (a textarea that grows) rather than cutting it off in a narrow
 * column or a phone's card; Enter still saves, and a pasted line break becomes a space.
 */
export function StringEditCell<Row>({
  column,
  row,
  onError,
}: {
  column: StringEditColumn<Row>;
  row: Row;
  onError?: ErrorHandler;
}) {
  const original = toText(cellValue(column, row));
  const [seen, setSeen] = useState(original);
  const [committed, setCommitted] = useState(original);
  const [draft, setDraft] = useState(original);
  const [saving, setSaving] = useState(false);
  const helperId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  // Set while a save that began with the focus in this field runs and the list reloads after it.
  const keepFocus = useRef(false);
  useEffect(() => {
    if (!keepFocus.current || saving) return;
    const active = document.activeElement;
    if (active === null || active === document.body) input.current?.focus();
    if (original === committed) keepFocus.current = false;
  });
  if (original !== seen) {
    setSeen(original);
    setCommitted(original);
    setDraft(original);
  }
  if (!(column.canEdit?.(row) ?? true)) return <>{original}</>;
  const label = labelOf(column, row);

  async function commit(): Promise<void> {
    if (saving) return;
    const next = draft.trim();
    if (next === '') return;
    if (next === committed) {
      setDraft(committed);
      return;
    }
    keepFocus.current = document.activeElement === input.current;
    const previous = committed;
    setDraft(next);
    setCommitted(next);
    setSaving(true);
    try {
      await column.save(row, next);
      column.onSaved?.(row);
    } catch (error) {
      setCommitted(previous);
      setDraft(previous);
      saveFailed(error, row, column.onSaveError, onError);
    } finally {
      setSaving(false);
    }
  }

  const empty = draft.trim() === '';
  return (
    <TextField
      size="small"
      fullWidth
      multiline
      minRows={1}
      value={draft}
      error={empty}
      helperText={empty ? `${column.header} is required.` : undefined}
      slotProps={{
        formHelperText: { id: helperId },
        htmlInput: {
          ref: input,
          'aria-label': label,
          'aria-busy': saving,
          'aria-invalid': empty,
          ...(empty ? { 'aria-describedby': helperId } : {}),
          readOnly: saving,
          required: true,
          ...(column.maxLength === undefined ? {} : { maxLength: column.maxLength }),
        },
        input: saving
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <Saving label={label} />
                </InputAdornment>
              ),
            }
          : {},
      }}
      onChange={(event) => setDraft(event.target.value.replace(/[\r\n]+/g, ' '))}
      onBlur={() => {
        keepFocus.current = false;
        void commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void commit();
        } else if (event.key === 'Escape') {
          setDraft(committed);
        }
      }}
    />
  );
}

/** A single select of sites that saves as soon as another site is chosen (the menu closes with the choice). */
export function ChangeSiteCell<Row>({
  column,
  row,
  onError,
}: {
  column: ChangeSiteColumn<Row>;
  row: Row;
  onError?: ErrorHandler;
}) {
  const options = optionsOf(column, row);
  const current = column.value(row) ?? null;
  const [seen, setSeen] = useState<Id | null>(current);
  const [selected, setSelected] = useState<Id | null>(current);
  const [saving, setSaving] = useState(false);
  if (!sameId(current, seen)) {
    setSeen(current);
    setSelected(current);
  }
  const editable = (column.canEdit?.(row) ?? true) && options.length > 1;
  if (!editable) return <>{siteText(column, row, current)}</>;

  async function choose(idText: string): Promise<void> {
    const option = options.find((candidate) => String(candidate.id) === idText);
    if (!option || sameId(option.id, selected)) return;
    const previous = selected;
    setSelected(option.id);
    setSaving(true);
    try {
      await column.save(row, option.id);
      column.onSaved?.(row);
    } catch (error) {
      setSelected(previous);
      saveFailed(error, row, column.onSaveError, onError);
    } finally {
      setSaving(false);
    }
  }

  const known = options.some((option) => sameId(option.id, selected));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Select
        size="small"
        fullWidth
        displayEmpty
        value={known ? String(selected) : ''}
        readOnly={saving}
        onChange={(event) => void choose(event.target.value)}
        renderValue={(value) => (value === '' ? (column.text?.(row) ?? '') : siteText(column, row, value))}
        inputProps={{ 'aria-label': labelOf(column, row) }}
        SelectDisplayProps={{ 'aria-busy': saving } as object}
      >
        {options.map((option) => (
          <MenuItem key={String(option.id)} value={String(option.id)}>
            {option.name}
          </MenuItem>
        ))}
      </Select>
      {saving && <Saving label={labelOf(column, row)} />}
    </Stack>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** A multiple select of teams that saves when its menu closes, if the selection changed. */
export function ChangeTeamCell<Row>({
  column,
  row,
  onError,
}: {
  column: ChangeTeamColumn<Row>;
  row: Row;
  onError?: ErrorHandler;
}) {
  const options = optionsOf(column, row);
  const currentIds = column.value(row);
  const current = currentIds.map(String);
  const currentKey = current.join('\u0000');
  const [seen, setSeen] = useState(currentKey);
  const [committed, setCommitted] = useState<string[]>(current);
  const [draft, setDraft] = useState<string[]>(current);
  const [saving, setSaving] = useState(false);
  if (currentKey !== seen) {
    setSeen(currentKey);
    setCommitted(current);
    setDraft(current);
  }
  const editable = (column.canEdit?.(row) ?? true) && options.length >= 2;
  if (!editable) return <>{teamsText(teamNames(column, row, currentIds))}</>;

  const idByText = new Map<string, Id>();
  for (const id of currentIds) idByText.set(String(id), id);
  for (const option of options) idByText.set(String(option.id), option.id);
  const toIds = (texts: readonly string[]): Id[] => texts.map((text) => idByText.get(text) ?? text);

  async function commit(): Promise<void> {
    if (sameSet(draft, committed)) return;
    const previous = committed;
    const next = draft;
    setCommitted(next);
    setSaving(true);
    try {
      await column.save(row, toIds(next));
      column.onSaved?.(row);
    } catch (error) {
      setCommitted(previous);
      setDraft(previous);
      saveFailed(error, row, column.onSaveError, onError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Select<string[]>
        multiple
        size="small"
        fullWidth
        displayEmpty
        value={draft}
        readOnly={saving}
        onChange={(event) => {
          const value = event.target.value;
          setDraft(typeof value === 'string' ? value.split(',') : value);
        }}
        onClose={() => void commit()}
        renderValue={(selected) => teamsText(teamNames(column, row, toIds(selected)))}
        inputProps={{ 'aria-label': labelOf(column, row) }}
        SelectDisplayProps={{ 'aria-busy': saving } as object}
      >
        {options.map((option) => (
          <MenuItem key={String(option.id)} value={String(option.id)}>
            <Checkbox size="small" checked={draft.includes(String(option.id))} tabIndex={-1} disableRipple />
            <ListItemText primary={option.name} />
          </MenuItem>
        ))}
      </Select>
      {saving && <Saving label={labelOf(column, row)} />}
    </Stack>
  );
}
