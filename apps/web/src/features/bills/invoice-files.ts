import { billOperations, type InvoiceDownloadQuery } from '@portal/contract';
import { downloadOperation } from '../../api/operations';
import { saveResponseAsFile } from '../../lib/save-file';

/** Where an invoice's files live: the bill PDF and the call-detail CSV share a location and differ by name. */
export type InvoiceFile = InvoiceDownloadQuery;

/**
 * Fetches one bill or call-detail file (with the session's tokens) and hands it to the browser under the name the
 * server gives, else the requested file name. Rejects with an ApiError for a non-2xx answer.
 */
export async function downloadInvoiceFile(file: InvoiceFile): Promise<void> {
  const response = await downloadOperation(billOperations.download, { query: file });
  await saveResponseAsFile(response, file.fileName);
}
