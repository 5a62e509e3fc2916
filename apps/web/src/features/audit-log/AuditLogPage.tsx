import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type AuditEntry, AuditEntrySchema, auditLogOperations } from '@portal/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { downloadOperation, serverErrorMessage } from '../../api/operations';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { saveResponseAsFile } from '../../lib/save-file';
import { AuditEntryDialog } from './AuditEntryDialog';
import {
  AUDIT_KIND_OPTIONS,
  AUDIT_URL_KEY,
  type AuditFilters,
  auditFilterExpression,
  isFiltered,
  NO_AUDIT_FILTERS,
  readAuditFilters,
  writeAuditFilters,
} from './audit-filters';
import { recordText, whoText } from './audit-text';

const NEWEST_FIRST = { field: 'occurredAt', direction: 'desc' } as const;

/**
 * Audit Log (issue 27, decision 0221): the trail of the caller's companies, newest first, filtered by time, who,
 * kind of change and the reseller's staff, each entry's before and after in a dialog, and the same rows as CSV.
 */
export function AuditLogPage() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readAuditFilters(search), [search]);
  const [open, setOpen] = useState<AuditEntry | undefined>();
  const [exporting, setExporting] = useState(false);
  const notify = useNotify();
  const filter = auditFilterExpression(filters);
  const filtered = isFiltered(filters);
  const change = useCallback(
    (next: Partial<AuditFilters>) => setSearch(writeAuditFilters(search, { ...filters, ...next })),
    [search, filters, setSearch],
  );

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        field: 'occurredAt',
        header: 'When',
        type: 'date',
        pattern: 'dd/MM/yyyy HH:mm:ss',
        card: 'key',
        unbroken: true,
      },
      { field: 'who', header: 'Who', value: whoText, card: 'wide' },
      { field: 'description', header: 'What', card: 'key' },
      { field: 'record', header: 'Record', value: recordText },
      {
        field: 'details',
        header: 'Details',
        headerHidden: true,
        type: 'options',
        actions: [{ label: 'Details', onClick: setOpen, ariaLabel: (entry) => `Details of ${entry.description}` }],
      },
    ],
    [],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const response = await downloadOperation(auditLogOperations.csv, {
        query: { ...(filter ? { $filter: filter } : {}), $orderby: 'occurredAt desc' },
      });
      await saveResponseAsFile(response, 'audit-log.csv');
    } catch (error) {
      notify({ message: serverErrorMessage(error) ?? "We couldn't export the audit log.", severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeading title="Audit Log" />
      <AuditLogFilterBar filters={filters} onChange={change} />
      <DataTable<AuditEntry>
        resource="audit-log"
        urlKey={AUDIT_URL_KEY}
        operation={auditLogOperations.list}
        parseRow={AuditEntrySchema.parse}
        columns={columns}
        getRowId={(entry) => entry.id}
        ariaLabel="Audit log"
        defaultSort={NEWEST_FIRST}
        {...(filter ? { baseFilter: filter } : {})}
        csvFileName={false}
        toolbar={
          <Button variant="outlined" onClick={exportCsv} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
        emptyText={filtered ? 'No changes match these filters.' : 'Nothing has been recorded for your company yet.'}
        {...(filtered ? { emptyAction: <Button onClick={() => change(NO_AUDIT_FILTERS)}>Clear filters</Button> } : {})}
        noMatchText="No changes match these filters"
        loadErrorText="We couldn't load the audit log"
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}

/** From and to (UK days), who (part of a username), the kind of change, and the reseller's staff only. */
function AuditLogFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (next: Partial<AuditFilters>) => void;
}) {
  // The name is typed into a draft and filters once typing pauses, not on every key.
  const [who, setWho] = useState(filters.who);
  useEffect(() => setWho(filters.who), [filters.who]);
  useEffect(() => {
    if (who === filters.who) return;
    const timer = setTimeout(() => onChange({ who }), 400);
    return () => clearTimeout(timer);
  }, [who, filters.who, onChange]);
  return (
    <Stack
      component="fieldset"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ border: 0, p: 0, m: 0, flexWrap: 'wrap', alignItems: { md: 'center' } }}
    >
      <legend style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Filters
      </legend>
      <TextField
        label="From"
        type="date"
        size="small"
        value={filters.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={filters.to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Who"
        size="small"
        value={who}
        onChange={(event) => setWho(event.target.value.slice(0, 100))}
        placeholder="Username"
      />
      <TextField
        select
        label="Kind of change"
        size="small"
        value={filters.kind}
        onChange={(event) => onChange({ kind: event.target.value })}
        sx={{ minWidth: 240 }}
      >
        <MenuItem value="">Any change</MenuItem>
        {AUDIT_KIND_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={filters.staff} onChange={(event) => onChange({ staff: event.target.checked })} />}
        label="By reseller staff only"
      />
    </Stack>
  );
}
