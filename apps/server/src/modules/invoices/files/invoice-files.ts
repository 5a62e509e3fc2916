import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { type Actor, writeAs } from '../../../db/audit.js';
import type { Database } from '../../../db/schema.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import { loadBillData } from './bill-data.js';
import { layOutBill } from './bill-layout.js';
import { renderBillPdf } from './bill-pdf.js';
import { loadCallRecords, renderCallsCsv } from './calls-csv.js';

export type InvoiceFileKind = 'pdf' | 'cdr';

type Producer = {
  contentType: string;
  /** The last segment of the storage key: the key is built from the invoice id, never from a client's file name. */
  storedAs: string;
  produce(db: Kysely<Database>, invoiceId: number): Promise<Buffer>;
};

const PRODUCERS: Record<InvoiceFileKind, Producer> = {
  pdf: {
    contentType: 'application/pdf',
    storedAs: 'bill.pdf',
    produce: async (db, invoiceId) => renderBillPdf(layOutBill(await loadBillData(db, invoiceId))),
  },
  cdr: {
    contentType: 'text/csv; charset=utf-8',
    storedAs: 'calls.csv',
    produce: async (db, invoiceId) => renderCallsCsv(await loadCallRecords(db, invoiceId)),
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
  deps: { db: Kysely<Database>; storage: FileStorage },
  request: { invoiceId: number; kind: InvoiceFileKind; fileName: string; actor: Actor },
): Promise<InvoiceFile> {
  const { db, storage } = deps;
  const { invoiceId, kind } = request;
  const stored = await db
    .selectFrom('invoice_files')
    .select(['storage_key', 'content_type', 'size_bytes', 'sha256'])
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (stored && (await storage.exists(stored.storage_key))) {
    return {
      content: await storage.get(stored.storage_key),
      contentType: stored.content_type,
      sizeBytes: Number(stored.size_bytes),
      sha256: stored.sha256,
    };
  }

  const producer = PRODUCERS[kind];
  const bytes = await producer.produce(db, invoiceId);
  const key = storageKeyOf(invoiceId, kind);
  const file = {
    contentType: producer.contentType,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  // The file is in place before its row exists, so a row never points at nothing (a crash in between leaves an
  // unreferenced file that the next download overwrites).
  await storage.put(key, bytes);
  await writeAs(db, request.actor, (trx) =>
    trx
      .insertInto('invoice_files')
      .values({
        invoice_id: invoiceId,
        kind,
        file_name: request.fileName,
        storage_key: key,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        sha256: file.sha256,
      })
      .onConflict((conflict) =>
        conflict.columns(['invoice_id', 'kind']).doUpdateSet({
          file_name: request.fileName,
          storage_key: key,
          content_type: file.contentType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
        }),
      )
      .execute(),
  );
  return { content: bytes, ...file };
}
