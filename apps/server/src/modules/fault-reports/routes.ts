import { API, BROADBAND_CARRIER, FAULT_REPORT_UPLOAD } from '@portal/contract';
import { principalOf } from '../../auth/route-access.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { LocalFileStorage } from '../../storage/local-file-storage.js';
import { type EndpointContext, endpointRoutes, type MultipartFiles } from '../endpoint-routes.js';
import { reportFault } from './service.js';

/** How the images arrive: busboy stops a single file at the total allowance plus one byte, as a backstop. */
const IMAGES: MultipartFiles = {
  fileField: FAULT_REPORT_UPLOAD.fieldName,
  maxFiles: FAULT_REPORT_UPLOAD.maxFiles,
  maxFileBytes: FAULT_REPORT_UPLOAD.maxTotalBytes + 1,
};

/** Where the uploaded images are kept: UPLOADS_DIR, by default DATA_DIR/uploads. */
export function uploadStorage(uploadsDir: string): FileStorage {
  return new LocalFileStorage(uploadsDir);
}

/** POST /api/{bbservice}/:id/reportFault for both diagnostics carriers (spec 7; docs/decisions/0095, 0098). */
export const faultReportRoutes = endpointRoutes(API.faultReports, (app) => {
  const storage = uploadStorage(app.config.uploadsDir);
  const handler =
    (carrierId: number) =>
    ({ scope, request, params, query, body, parts }: EndpointContext<typeof API.faultReports.businessBroadband>) => {
      const caller = principalOf(request);
      return reportFault(
        {
          scope,
          reporter: { userId: caller.userId, userName: caller.userName, requestId: request.id },
          carrierId,
          orderItemId: params.id,
          groupId: query.groupId,
          fields: body,
          parts,
        },
        storage,
      );
    };
  return {
    businessBroadband: { multipart: IMAGES, handler: handler(BROADBAND_CARRIER.businessBroadband) },
    alternativeBroadband: { multipart: IMAGES, handler: handler(BROADBAND_CARRIER.alternativeBroadband) },
  };
});
