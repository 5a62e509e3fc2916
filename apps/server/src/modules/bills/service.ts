import type { InvoiceChartPoint, InvoiceDownloadQuery } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type HttpError, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { toPence } from './files/formats.js';
import { type InvoiceFile, type InvoiceFileKind, type InvoiceFileSource, invoiceFile } from './files/invoice-files.js';
import {
  type BillRow,
  billData,
  billsOfLatestMonths,
  callRecords,
  invoiceWithFile,
  recordInvoiceFile,
  recordRefusedDownload,
  storedInvoiceFile,
} from './repository.js';

/** The My Bills charts show a year: the latest 12 bill months. */
export const CHART_MONTHS = 12;

export type ChartMeasure = 'calls' | 'duration' | 'cost';

/**
 * One point per company and bill month of the caller's estate, oldest first (companies by name within a month), so
 * every figure says whose it is and a click on it can download that company's bill. A company billed twice in a month
 * gets one point, the bills summed; its date and file are those of the larger bill, so the file is a real bill.
 * `companyId` narrows it to one company's own bills.
 */
export async function invoiceChart(
  scope: EstateScope,
  measure: ChartMeasure,
  companyId?: number,
): Promise<InvoiceChartPoint[]> {
  const rows = await billsOfLatestMonths(scope, CHART_MONTHS, companyId);
  return byCompanyAndBillMonth(rows).map((bills) => chartPoint(bills, measure));
}

function byCompanyAndBillMonth(rows: readonly BillRow[]): BillRow[][] {
  const groups = new Map<string, BillRow[]>();
  for (const row of rows) {
    const key = `${row.bill_date.slice(0, 7)} ${row.company_id}`;
    const bills = groups.get(key);
    if (bills) bills.push(row);
    else groups.set(key, [row]);
  }
  // Rows come oldest first, so the groups are in month order; within a month, companies go by name.
  const month = (bills: readonly BillRow[]) => bills[0]!.bill_date.slice(0, 7);
  return [...groups.values()].sort(
    (a, b) => month(a).localeCompare(month(b)) || a[0]!.company_name.localeCompare(b[0]!.company_name),
  );
}

function chartPoint(bills: readonly BillRow[], measure: ChartMeasure): InvoiceChartPoint {
  // Money is summed in pence, so several bills never drift by a binary fraction.
  const largest = bills.reduce((best, bill) =>
    toPence(bill.invoice_amount) > toPence(best.invoice_amount) ? bill : best,
  );
  const total = (field: 'calls' | 'duration') => bills.reduce((sum, bill) => sum + Number(bill[field]), 0);
  const value =
    measure === 'cost'
      ? bills.reduce((sum, bill) => sum + toPence(bill.invoice_amount), 0) / 100
      : total(measure === 'calls' ? 'calls' : 'duration');
  return {
    name: largest.bill_date,
    value,
    companyId: largest.company_id,
    companyName: largest.company_name,
    webDataPhysicalLocation: largest.web_data_physical_location,
    pdfFileName: largest.pdf_file_name,
  };
}

/** The request a download came in, for the log and the audit record of a refusal. */
export type DownloadRequest = { id: string; log: FastifyBaseLogger };

type DownloadTarget = { invoiceId: number; kind: InvoiceFileKind; fileName: string };

const PERMISSION = { pdf: 'DownloadBill', cdr: 'DownloadCDRs' } as const;

/**
 * The file a download asks for, or undefined. The client's values are only ever compared, exactly, with the
 * location and file names of invoices in the caller's estate, and only with the names of the kinds the caller may
 * download (bills: DownloadBill Read, call-detail files: DownloadCDRs Read). They never become a path: the file is
 * found by the invoice id it matched. So '..', absolute paths, encoded or backslashed names match nothing.
 */
async function findDownloadTarget(
  scope: EstateScope,
  webDataPhysicalLocation: string,
  fileName: string,
): Promise<DownloadTarget | undefined> {
  const kinds = (['pdf', 'cdr'] as const).filter((kind) => scope.caller.can(PERMISSION[kind], 'Read'));
  if (kinds.length === 0) return undefined;
  const invoice = await invoiceWithFile(scope, webDataPhysicalLocation, fileName, kinds);
  if (!invoice) return undefined;
  const kind = kinds.includes('pdf') && invoice.pdf_file_name === fileName ? 'pdf' : 'cdr';
  return { invoiceId: invoice.id, kind, fileName };
}

/**
 * The file a download names, produced on its first download; refused as a file that does not exist when it is not
 * one of the caller's invoices' files of a kind they may download.
 */
export async function downloadInvoiceFile(
  scope: EstateScope,
  storage: FileStorage,
  query: InvoiceDownloadQuery,
  request: DownloadRequest,
): Promise<{ file: InvoiceFile; fileName: string }> {
  const target = await findDownloadTarget(scope, query.webDataPhysicalLocation, query.fileName);
  if (!target) throw await refuseDownload(scope, query, request, 'no file of an invoice in the estate matches');
  const source: InvoiceFileSource = {
    storedFile: (invoiceId, kind) => storedInvoiceFile(scope, invoiceId, kind),
    billData: (invoiceId) => billData(scope, invoiceId),
    callRecords: (invoiceId) => callRecords(scope, invoiceId),
    recordFile: (file) => recordInvoiceFile(scope, request.id, file),
  };
  return { file: await invoiceFile({ source, storage }, target), fileName: target.fileName };
}

/**
 * Refuses a download whose query holds text PostgreSQL cannot store (a NUL, a lone surrogate), with the same 404 as
 * any other refused download. Called before validation, which would answer 400 and so tell such a probe apart.
 */
export async function refuseUnstorableDownload(scope: EstateScope, query: unknown, request: DownloadRequest) {
  const values = typeof query === 'object' && query !== null ? Object.values(query) : [];
  if (values.some((value) => typeof value === 'string' && !isStorableText(value))) {
    throw await refuseDownload(scope, query, request, 'not valid text');
  }
}

/**
 * A download that matches nothing the caller may have: logged and recorded (someone may be probing), then answered
 * exactly like a file that does not exist.
 */
async function refuseDownload(
  scope: EstateScope,
  query: unknown,
  request: DownloadRequest,
  reason: string,
): Promise<HttpError> {
  const userId = scope.caller.userId;
  const asked = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const printed = {
    webDataPhysicalLocation: printable(asked.webDataPhysicalLocation),
    fileName: printable(asked.fileName),
  };
  request.log.warn({ userId, ...printed, reason }, 'invoice file download refused');
  await recordRefusedDownload(scope, request.id, { ...printed, reason });
  return notFound('No such file', { code: 'file_not_found' });
}

const LONE_SURROGATE = /\p{Cs}/u;

/** PostgreSQL text (and jsonb) holds neither NUL nor a lone surrogate. */
function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The asked-for value as the audit log can hold it: NULs shown escaped, lone surrogates replaced, length capped. */
function printable(value: unknown): string | null {
  if (typeof value !== 'string') return value === undefined ? null : JSON.stringify(value).slice(0, 500);
  return value
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replaceAll('\u0000', '\\u0000')
    .slice(0, 500);
}
