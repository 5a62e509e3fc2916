import {
  type BroadbandCarrierEntry,
  broadbandCarrierEntries,
  CARRIER_REGISTRY,
  type CarrierRegistry,
  carrierRequestKey,
  FAULT_REPORT_UPLOAD,
  type FaultReportOperations,
  faultReportOperationsOf,
  IDEMPOTENCY_KEY_HEADER,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type MultipartFiles, type OperationContext, operationRoutes } from '../operation-routes.js';
import { reportFault } from './service.js';

/** How the images arrive: busboy stops a single file at the total allowance plus one byte, as a backstop. */
const IMAGES: MultipartFiles = {
  fileField: FAULT_REPORT_UPLOAD.fieldName,
  maxFiles: FAULT_REPORT_UPLOAD.maxFiles,
  maxFileBytes: FAULT_REPORT_UPLOAD.maxTotalBytes + 1,
};

/** The fault report of one broadband carrier (spec 7; docs/decisions/0095, 0098, 0120). */
function faultReportHandlers(entry: BroadbandCarrierEntry) {
  return (app: FastifyInstance) => {
    const uploads = { ...app.faultUploads, quotaBytes: app.config.faultReportQuotaBytes };
    return {
      reportFault: {
        multipart: IMAGES,
        handler: ({
          scope,
          request,
          params,
          query,
          headers,
          body,
          parts,
        }: OperationContext<FaultReportOperations['reportFault']>) => {
          const caller = principalOf(request);
          return reportFault(
            {
              scope,
              reporter: { userId: caller.userId, userName: caller.userName, requestId: request.id },
              carrier: { carrierId: entry.carrierId, requestKey: carrierRequestKey(entry) },
              orderItemId: params.id,
              groupId: query.groupId,
              fields: body,
              idempotencyKey: headers[IDEMPOTENCY_KEY_HEADER],
              parts,
            },
            uploads,
          );
        },
      },
    };
  };
}

/** POST /api/{bbservice}/:id/reportFault for every broadband carrier of the registry (docs/decisions/0165). */
export function faultReportRoutes(registry: CarrierRegistry = CARRIER_REGISTRY) {
  const area = faultReportOperationsOf(registry) as Readonly<Record<string, FaultReportOperations>>;
  return async (app: FastifyInstance) => {
    for (const [key, entry] of broadbandCarrierEntries(registry)) {
      await operationRoutes(area[key] as FaultReportOperations, faultReportHandlers(entry))(app, {});
    }
  };
}
