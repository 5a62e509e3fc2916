import { API, COMPANY_FILTER_HEADER } from '@portal/contract';
import { attachmentDisposition } from '../bills/files/content-disposition.js';
import { operationRoutes } from '../operation-routes.js';
import { auditLogCsv, listAuditLog } from './service.js';

/** A company's audit trail (decision 0221): the list, and the same rows as CSV. */
export const auditLogRoutes = operationRoutes(API.auditLog, () => ({
  list: ({ scope, query }) => listAuditLog(scope, query),
  csv: async ({ scope, query, reply }) => {
    const csv = await auditLogCsv(scope, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition('audit-log.csv'))
      .header('cache-control', 'private, no-store')
      .header('vary', `authorization, ${COMPANY_FILTER_HEADER}`)
      .send(csv);
  },
}));
