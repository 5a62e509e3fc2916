import { ApiError, apiFetch } from '../../api/client';
import { saveResponseAsFile } from '../../lib/save-file';

const INVOICE_DOWNLOAD_PATH = '/api/invoices/download';

/** Where an invoice's files live: the bill PDF and the call-detail CSV share a location and differ by name. */
export interface InvoiceFile {
  webDataPhysicalLocation: string;
  fileName: string;
}

export function invoiceDownloadPath({ webDataPhysicalLocation, fileName }: InvoiceFile): string {
  const query = new URLSearchParams({ webDataPhysicalLocation, fileName });
  return `${INVOICE_DOWNLOAD_PATH}?${query}`;
}

/**
 * Fetches one bill or call-detail file (with the session's tokens) and hands it to the browser under the name the
 * server gives, else the requested file name. Rejects with an {@link ApiError} for a non-2xx answer.
 */
export async function downloadInvoiceFile(file: InvoiceFile): Promise<void> {
  const path = invoiceDownloadPath(file);
  const response = await apiFetch(path, { method: 'GET' });
  // The body of a failed download is of no use to the user: only its status is kept.
  if (!response.ok) throw new ApiError(response.status, path, undefined);
  await saveResponseAsFile(response, file.fileName);
}
