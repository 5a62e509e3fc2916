import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../../storage/file-storage.js';
import type { BillData } from './bill-data.js';
import { layOutBill } from './bill-layout.js';
import { renderBillPdf } from './bill-pdf.js';
import { type CallRecordRow, renderCallsCsv } from './calls-csv.js';

export type InvoiceFileKind = 'pdf' | 'cdr';

/** A produced file as it is recorded: where it is stored and what it holds. */
export type StoredInvoiceFile = { storageKey: string; contentType: string; sizeBytes: number; sha256: string };

/**
 * Where a file's data comes from and where a produced file is recorded: the invoices repository, in the caller's
 * scope, for an invoice already found in it.
 */
export type InvoiceFileSource = {
  storedFile(invoiceId: number, kind: InvoiceFileKind): Promise<StoredInvoiceFile | undefined>;
  billData(invoiceId: number): Promise<BillData>;
  callRecords(invoiceId: number): Promise<CallRecordRow[]>;
  recordFile(file: StoredInvoiceFile & { invoiceId: number; kind: InvoiceFileKind; fileName: string }): Promise<void>;
};

type Producer = {
  contentType: string;
  /** The last segment of the storage key: the key is built from the invoice id, never from a client's file name. */
  storedAs: string;
  produce(source: InvoiceFileSource, invoiceId: number): Promise<Buffer>;
};

const PRODUCERS: Record<InvoiceFileKind, Producer> = {
  pdf: {
    contentType: 'application/pdf',
    storedAs: 'bill.pdf',
    produce: async (source, invoiceId) => renderBillPdf(layOutBill(await source.billData(invoiceId))),
  },
  cdr: {
    contentType: 'text/csv; charset=utf-8',
    storedAs: 'calls.csv',
    produce: async (source, invoiceId) => renderCallsCsv(await source.callRecords(invoiceId)),
  },
};

export function storageKeyOf(invoiceId: number, kind: InvoiceFileKind): string {
  if (!Number.isSafeInteger(invoiceId) || invoiceId < 1) throw new Error(`Not an invoice id: ${invoiceId}`);
  return `invoices/${invoiceId}/${PRODUCERS[kind].storedAs}`;
}

export type InvoiceFile = { content: Readable | Buffer; contentType: string; sizeBytes: number; sha256: string };

/**
 * An invoice's bill or call-detail file, produced on its first download and kept: later downloads stream the stored
 * copy. A stored row whose file has gone missing is produced again. Producing is deterministic (same invoice, same
 * bytes), so two requests racing on a first download store the same file under the same key, and the row is an
 * upsert on (invoice_id, kind) that the second one leaves as it is.
 */
export async function invoiceFile(
  deps: { source: InvoiceFileSource; storage: FileStorage },
  request: { invoiceId: number; kind: InvoiceFileKind; fileName: string },
): Promise<InvoiceFile> {
  const { source, storage } = deps;
  const { invoiceId, kind } = request;
  const stored = await source.storedFile(invoiceId, kind);
  if (stored && (await storage.exists(stored.storageKey))) {
    return {
      content: await storage.get(stored.storageKey),
      contentType: stored.contentType,
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    };
  }

  const producer = PRODUCERS[kind];
  const bytes = await producer.produce(source, invoiceId);
  const key = storageKeyOf(invoiceId, kind);
  const file = {
    contentType: producer.contentType,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  // The file is in place before its row exists, so a row never points at nothing (a crash in between leaves an
  // unreferenced file that the next download overwrites).
  await storage.put(key, bytes);
  await source.recordFile({ invoiceId, kind, fileName: request.fileName, storageKey: key, ...file });
  return { content: bytes, ...file };
}
