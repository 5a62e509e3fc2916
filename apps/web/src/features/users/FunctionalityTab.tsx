import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { ACCESS_TYPES, canTick, type FeatureRow, setAccess, toggleFeature } from './functionality-rules';

/** Spec 2.11's words with their apostrophes put back (docs/decisions/0129). */
export const RESET_TO_PROFILE_MESSAGE = "This will reset the user's functionality back to the profile's default.";

/**
 * The Functionality tab (spec 2.11): a row per feature with Read, Write and Delete ticks under spec 4's rules; the
 * feature's name ticks or unticks all of it; RESET TO PROFILE, once confirmed, gives back the profile's default.
 * Only what the administrator may offer can be ticked, and a feature they can neither give nor the user has is
 * left out (decision 0109).
 */
export function FunctionalityTab({
  rows,
  selectedIds,
  offerable,
  onChange,
  onReset,
  readOnly,
  canReset,
  error,
}: {
  rows: readonly FeatureRow[];
  selectedIds: readonly number[];
  offerable: ReadonlySet<number>;
  onChange: (ids: number[]) => void;
  onReset: () => void;
  readOnly: boolean;
  canReset: boolean;
  error: string | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  // Confirming the reset closes the dialog while RESET TO PROFILE may be disabled (the default is loading), so the
  // dialog cannot always give focus back to it: it goes back once the dialog has finished closing (before then the
  // closing dialog can take it back) and the button can take it again.
  const resetButton = useRef<HTMLButtonElement>(null);
  const [refocusReset, setRefocusReset] = useState<'after-close' | 'now'>();
  useEffect(() => {
    if (refocusReset === 'now' && canReset) {
      resetButton.current?.focus();
      setRefocusReset(undefined);
    }
  }, [refocusReset, canReset]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const shown = readOnly
    ? rows
    : rows.filter((row) =>
        ACCESS_TYPES.some((type) => {
          const id = row.ids[type];
          return id !== undefined && (offerable.has(id) || selected.has(id));
        }),
      );

  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {readOnly ? null : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button ref={resetButton} variant="outlined" disabled={!canReset} onClick={() => setConfirming(true)}>
            Reset to profile
          </Button>
        </Stack>
      )}
      <Table size="small" aria-label="Functionality" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            {ACCESS_TYPES.map((type) => (
              <TableCell key={type} align="center" sx={{ width: { xs: 56, sm: 96 }, px: { xs: 0.5, sm: 2 } }}>
                {type}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.code} hover={!readOnly}>
              <TableCell sx={{ py: 0.5, wordBreak: 'break-word' }}>
                {readOnly ? (
                  row.description
                ) : (
                  <Button
                    size="small"
                    onClick={() => onChange([...toggleFeature(selected, row, offerable)])}
                    sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', px: 1, ml: -1 }}
                    title={`Tick or untick all of ${row.description}`}
                  >
                    {row.description}
                  </Button>
                )}
              </TableCell>
              {ACCESS_TYPES.map((type) => {
                const id = row.ids[type];
                if (id === undefined) return <TableCell key={type} sx={{ px: { xs: 0.5, sm: 2 } }} />;
                const checked = selected.has(id);
                return (
                  <TableCell key={type} align="center" padding="none" sx={{ px: { xs: 0.5, sm: 2 } }}>
                    <Checkbox
                      checked={checked}
                      disabled={readOnly || (!checked && !canTick(row, type, offerable, selected))}
                      onChange={(event) => onChange([...setAccess(selected, row, type, event.target.checked)])}
                      slotProps={{ input: { 'aria-label': `${row.description} ${type}` } }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmationDialog
        open={confirming}
        message={RESET_TO_PROFILE_MESSAGE}
        onConfirm={() => {
          setConfirming(false);
          setRefocusReset('after-close');
          onReset();
        }}
        onCancel={() => setConfirming(false)}
        onClosed={() => setRefocusReset((step) => (step === 'after-close' ? 'now' : step))}
      />
    </Stack>
  );
}
