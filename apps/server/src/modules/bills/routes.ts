import { API, COMPANY_FILTER_HEADER } from '@portal/contract';
import type { FileStorage } from '../../storage/file-storage.js';
import { operationRoutes } from '../operation-routes.js';
import { attachmentDisposition } from './files/content-disposition.js';
import { listInvoices, unbilledCallCount } from './repository.js';
import { downloadInvoiceFile, invoiceChart, refuseUnstorableDownload } from './service.js';

export type InvoiceRoutesOptions = {
  /** Where produced bill files are kept; by default the app's storage of generated files (decision 0198). */
  storage?: FileStorage;
};

/** My Bills: the invoice list, its charts, unbilled calls and the bill and call-detail files. */
export const billRoutes = operationRoutes(API.bills, (app, options: InvoiceRoutesOptions) => {
  const storage = options.storage ?? app.files.generated;
  return {
    list: ({ scope, query }) => listInvoices(scope, query),
    callsChart: async ({ scope, query }) => ({ value: await invoiceChart(scope, 'calls', query.companyId) }),
    durationChart: async ({ scope, query }) => ({ value: await invoiceChart(scope, 'duration', query.companyId) }),
    costChart: async ({ scope, query }) => ({ value: await invoiceChart(scope, 'cost', query.companyId) }),
    unbilledCalls: async ({ scope, query }) => ({ value: await unbilledCallCount(scope, query.companyId) }),
    download: {
      // Before validation, which would answer 400 to a NUL: every refused download looks the same from outside.
      beforeValidation: ({ scope, request }) => refuseUnstorableDownload(scope, request.query, request),
      handler: async ({ scope, query, request, reply }) => {
        const { file, fileName } = await downloadInvoiceFile(scope, storage, query, request);
        return (
          reply
            .header('content-type', file.contentType)
            .header('content-length', file.sizeBytes)
            .header('content-disposition', attachmentDisposition(fileName))
            .header('cache-control', 'private')
            // A browser may keep the file, but only for the same caller and company filter.
            .header('vary', `authorization, ${COMPANY_FILTER_HEADER}`)
            .send(file.content)
        );
      },
    },
  };
});
