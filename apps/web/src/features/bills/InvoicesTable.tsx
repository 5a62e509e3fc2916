import { hasPermission, type Invoice, InvoiceSchema, invoiceEndpoints, type Permission } from '@portal/contract';
import { useMemo } from 'react';
import { endpointPath } from '../../api/endpoints';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { usePermissions } from '../session/useSession';
import type { InvoiceFile } from './invoice-files';
import { useInvoiceDownload } from './useInvoiceDownload';

type Download = (file: InvoiceFile) => Promise<void>;

/**
 * The invoice table's columns (spec 2.6); the Bill and CDRs download columns only with DownloadBill and DownloadCDRs
 * Read (spec 4 and 6).
 */
export function invoiceColumns(held: ReadonlyArray<Permission>, download: Download): DataTableColumn<Invoice>[] {
  const columns: DataTableColumn<Invoice>[] = [
    { field: 'billDate', header: 'Bill Date', type: 'date', pattern: 'dd/MM/yyyy', sortable: true },
    { field: 'invoiceNumber', header: 'Invoice Number' },
    { field: 'calls', header: 'Calls', type: 'number', digitsInfo: '1.0-0', align: 'right' },
    { field: 'duration', header: 'Duration', type: 'duration', align: 'right' },
    { field: 'bytes', header: 'Usage', type: 'bytes', align: 'right' },
    { field: 'fixedCharges', header: 'Fixed Charges', type: 'money', align: 'right' },
    { field: 'invoiceAmount', header: 'Invoice Amount', type: 'money', align: 'right' },
  ];
  if (hasPermission(held, 'DownloadBill', 'Read')) {
    columns.push({
      field: 'pdfFileName',
      header: 'Bill',
      type: 'download',
      align: 'center',
      label: (row) => `Download bill ${row.invoiceNumber}`,
      download: (row) => download({ webDataPhysicalLocation: row.webDataPhysicalLocation, fileName: row.pdfFileName }),
    });
  }
  if (hasPermission(held, 'DownloadCDRs', 'Read')) {
    columns.push({
      field: 'cdrFileName',
      header: 'CDRs',
      type: 'download',
      align: 'center',
      label: (row) => `Download CDRs ${row.invoiceNumber}`,
      download: (row) => download({ webDataPhysicalLocation: row.webDataPhysicalLocation, fileName: row.cdrFileName }),
    });
  }
  return columns;
}

export interface InvoicesTableProps {
  /** Keys the table's stored state; the dashboard's and My Bills' tables are separate lists. */
  resource: string;
  /** The one page size the table offers (spec 2.9: 5 on the dashboard, 13 on My Bills). */
  pageSize: number;
  ariaLabel: string;
}

/** The bills, newest first, one page size only. */
export function InvoicesTable({ resource, pageSize, ariaLabel }: InvoicesTableProps) {
  const held = usePermissions();
  const download = useInvoiceDownload();
  const columns = useMemo(() => invoiceColumns(held ?? [], download), [held, download]);
  return (
    <DataTable<Invoice>
      resource={resource}
      path={endpointPath(invoiceEndpoints.list, {})}
      parseRow={InvoiceSchema.parse}
      columns={columns}
      getRowId={(row) => row.invoiceNumber}
      ariaLabel={ariaLabel}
      defaultSort={{ field: 'billDate', direction: 'desc' }}
      pageSizeOptions={[pageSize]}
      emptyText="No bills yet."
    />
  );
}
