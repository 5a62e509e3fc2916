import { billOperations, type Invoice, InvoiceSchema } from '@portal/contract';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../session/useCan';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import type { InvoiceFile } from './invoice-files';
import { useInvoiceDownload } from './useInvoiceDownload';

type Download = (file: InvoiceFile) => Promise<void>;

/** Which optional columns the table has: the downloads (DownloadBill and DownloadCDRs Read) and the company. */
export interface InvoiceColumnOptions {
  bill: boolean;
  cdrs: boolean;
  /** The caller has several companies: each bill says whose it is (decision 0056). */
  company: boolean;
}

/**
 * The invoice table's columns (spec 2.6); the Bill and CDRs download columns only with DownloadBill and DownloadCDRs
 * Read (spec 4 and 6). `browse` makes every figure sortable and the date, invoice number and company filterable (My
 * Bills; the dashboard shows the latest bills only). On a phone card the date, number and amount come first, large.
 */
export function invoiceColumns(
  options: InvoiceColumnOptions,
  download: Download,
  browse = false,
): DataTableColumn<Invoice>[] {
  const columns: DataTableColumn<Invoice>[] = [
    {
      field: 'billDate',
      header: 'Bill Date',
      type: 'date',
      pattern: 'dd/MM/yyyy',
      sortable: true,
      card: 'key',
      ...(browse ? { filter: 'date', dateKind: 'date' } : {}),
    },
    {
      field: 'invoiceNumber',
      header: 'Invoice Number',
      card: 'wideKey',
      unbroken: true,
      ...(browse ? { sortable: true, filter: 'text' } : {}),
    },
  ];
  if (options.company) {
    columns.push({
      field: 'companyName',
      header: 'Company',
      card: 'wide',
      ...(browse ? { sortable: true, filter: 'text' } : {}),
    });
  }
  columns.push(
    { field: 'calls', header: 'Calls', type: 'number', digitsInfo: '1.0-0', align: 'right', sortable: browse },
    { field: 'duration', header: 'Duration', type: 'duration', align: 'right', sortable: browse },
    { field: 'bytes', header: 'Usage', type: 'bytes', align: 'right', sortable: browse },
    { field: 'fixedCharges', header: 'Fixed Charges', type: 'money', align: 'right', sortable: browse },
    {
      field: 'invoiceAmount',
      header: 'Invoice Amount',
      type: 'money',
      align: 'right',
      sortable: browse,
      card: 'key',
    },
  );
  if (options.bill) {
    columns.push({
      field: 'pdfFileName',
      header: 'Bill',
      type: 'download',
      align: 'center',
      label: (row) => `Download bill ${row.invoiceNumber}`,
      download: (row) => download({ webDataPhysicalLocation: row.webDataPhysicalLocation, fileName: row.pdfFileName }),
    });
  }
  if (options.cdrs) {
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
  /** Sorting by every column and filters on the date and invoice number (My Bills). */
  browse?: boolean;
}

/** The bills, newest first unless sorted otherwise, one page size only; list state in the URL under `bills.`. */
export function InvoicesTable({ resource, pageSize, ariaLabel, browse = false }: InvoicesTableProps) {
  const bill = useCan('DownloadBill', 'Read') === true;
  const cdrs = useCan('DownloadCDRs', 'Read') === true;
  const company = useHasSeveralCompanies();
  const download = useInvoiceDownload();
  const columns = useMemo(
    () => invoiceColumns({ bill, cdrs, company }, download, browse),
    [bill, cdrs, company, download, browse],
  );
  return (
    <DataTable<Invoice>
      resource={resource}
      urlKey="bills"
      operation={billOperations.list}
      parseRow={InvoiceSchema.parse}
      columns={columns}
      getRowId={(row) => row.invoiceNumber}
      ariaLabel={ariaLabel}
      defaultSort={{ field: 'billDate', direction: 'desc' }}
      pageSizeOptions={[pageSize]}
      emptyText="No bills yet."
      noMatchText="No bills match this filter"
      loadErrorText="We couldn't load your bills"
    />
  );
}
