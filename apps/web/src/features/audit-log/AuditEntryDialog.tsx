import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AuditEntry } from '@portal/contract';
import { useId } from 'react';
import { formatDateTime } from '../../lib/format';
import { fieldChanges, recordText, whoText } from './audit-text';

/** One entry of the trail: who, when, what, and its fields before and after, the changed ones first and marked. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | undefined; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const changes = entry ? fieldChanges(entry) : [];
  const event = entry?.action !== null;
  return (
    <Dialog
      open={entry !== undefined}
      onClose={onClose}
      fullScreen={phone}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: phone ? {} : { width: 900, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{entry?.description ?? 'Change'}</DialogTitle>
      {entry && (
        <DialogContent dividers>
          <Table size="small" aria-label="About this change" sx={{ mb: 3 }}>
            <TableBody>
              <DetailRow label="When" value={formatDateTime(entry.occurredAt)} />
              <DetailRow label="Who" value={whoText(entry)} />
              <DetailRow label="Record" value={recordText(entry) || entry.tableName} />
              {entry.requestId && <DetailRow label="Request" value={entry.requestId} />}
            </TableBody>
          </Table>
          {changes.length === 0 ? (
            <Typography>No details were recorded.</Typography>
          ) : (
            <Table size="small" aria-label={event ? 'Details' : 'Fields before and after'}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Field
                  </TableCell>
                  {event ? null : (
                    <TableCell component="th" scope="col">
                      Before
                    </TableCell>
                  )}
                  <TableCell component="th" scope="col">
                    {event ? 'Value' : 'After'}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow
                    key={change.field}
                    data-changed={!event && change.changed ? 'true' : undefined}
                    sx={!event && change.changed ? { bgcolor: 'action.selected' } : undefined}
                  >
                    <TableCell component="th" scope="row" sx={{ fontWeight: !event && change.changed ? 600 : 400 }}>
                      {change.field}
                      {!event && change.changed ? <VisuallyHidden> (changed)</VisuallyHidden> : null}
                    </TableCell>
                    {event ? null : <ValueCell value={change.before} />}
                    <ValueCell value={change.after} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 120, fontWeight: 600 }}>
        {label}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
    </TableRow>
  );
}

function ValueCell({ value }: { value: string }) {
  return <TableCell sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', maxWidth: 360 }}>{value}</TableCell>;
}

function VisuallyHidden({ children }: { children: string }) {
  return (
    <span
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}
