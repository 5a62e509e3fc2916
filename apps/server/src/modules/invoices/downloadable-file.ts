import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateCaller } from '../../estate/estate-scope.js';
import type { InvoiceFileKind } from './files/invoice-files.js';
import { invoicesInEstate } from './invoice-scope.js';

export type DownloadTarget = { invoiceId: number; kind: InvoiceFileKind; fileName: string };

const FILE_NAME_COLUMN = { pdf: 'invoices.pdf_file_name', cdr: 'invoices.cdr_file_name' } as const;
const PERMISSION = { pdf: 'DownloadBill', cdr: 'DownloadCDRs' } as const;

/**
 * The file a download asks for, or undefined. The client's values are only ever compared, exactly, with the
 * location and file names of invoices in the caller's estate, and only with the names of the kinds the caller may
 * download (bills: DownloadBill Read, call-detail files: DownloadCDRs Read). They never become a path: the file is
 * found by the invoice id it matched. So '..', absolute paths, encoded or backslashed names match nothing.
 */
export async function findDownloadTarget(
  db: Kysely<Database>,
  caller: EstateCaller,
  webDataPhysicalLocation: string,
  fileName: string,
): Promise<DownloadTarget | undefined> {
  const kinds = (['pdf', 'cdr'] as const).filter((kind) => caller.can(PERMISSION[kind], 'Read'));
  if (kinds.length === 0) return undefined;
  const invoice = await invoicesInEstate(db, caller)
    .select(['invoices.id', 'invoices.pdf_file_name', 'invoices.cdr_file_name'])
    .where('invoices.web_data_physical_location', '=', webDataPhysicalLocation)
    .where((eb) => eb.or(kinds.map((kind) => eb(FILE_NAME_COLUMN[kind], '=', fileName))))
    .orderBy('invoices.id')
    .limit(1)
    .executeTakeFirst();
  if (!invoice) return undefined;
  const kind = kinds.includes('pdf') && invoice.pdf_file_name === fileName ? 'pdf' : 'cdr';
  return { invoiceId: invoice.id, kind, fileName };
}
