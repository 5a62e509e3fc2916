import type { Multipart } from '@fastify/multipart';
import {
  BROADBAND_CARRIER,
  FAULT_REPORT_UPLOAD,
  type FaultReportAccepted,
  type FaultReportFields,
  SLOW_SPEEDS_FAULT_TYPE,
} from '@portal/contract';
import type { EstateScope } from '../../estate/estate-scope.js';
import { badRequest } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { contractLineOf, requireGroupOfLine } from '../broadband-diagnostics/repository.js';
import { deleteImages, storeImages } from './image-upload.js';
import { type FaultCarrierKey, storeFaultReport } from './repository.js';

export type Reporter = { userId: number; userName: string; requestId: string };

const CARRIER_KEY: Record<number, FaultCarrierKey> = {
  [BROADBAND_CARRIER.businessBroadband]: 'broadband-494',
  [BROADBAND_CARRIER.alternativeBroadband]: 'broadband-588',
};

/**
 * Accepts a fault report (docs/decisions/0098, 0100): the line and its diagnostics group are checked before any
 * file is read, the images are streamed to storage with their checks, and the report is stored for the worker,
 * which sends it to the carrier. Anything refused leaves no file and no row behind.
 */
export async function reportFault(
  input: {
    scope: EstateScope;
    reporter: Reporter;
    carrierId: number;
    orderItemId: number;
    groupId: string;
    fields: FaultReportFields;
    parts: AsyncIterableIterator<Multipart>;
  },
  storage: FileStorage,
): Promise<FaultReportAccepted> {
  const { scope, fields } = input;
  const line = await contractLineOf(scope, input.orderItemId, input.carrierId);
  const group = await requireGroupOfLine(scope, input.groupId, line);
  if (!group.hasFinishedRun) {
    throw badRequest('Run at least one test before reporting a fault', {
      code: 'validation_failed',
      details: [{ field: 'groupId', rule: 'test_run', message: 'The diagnostics group has no finished test run' }],
    });
  }
  const images = await storeImages(input.parts, storage, {
    maxFiles: FAULT_REPORT_UPLOAD.maxFiles,
    maxTotalBytes: FAULT_REPORT_UPLOAD.maxTotalBytes,
  });
  try {
    if (fields.faultType === SLOW_SPEEDS_FAULT_TYPE && images.length === 0) {
      const message = 'A slow speeds fault needs at least one trace route image';
      throw badRequest(message, {
        code: 'validation_failed',
        details: [{ field: FAULT_REPORT_UPLOAD.fieldName, rule: 'min_files', message }],
      });
    }
    return await storeFaultReport(scope.db, input.reporter, {
      line,
      carrier: CARRIER_KEY[input.carrierId]!,
      groupId: input.groupId,
      fields,
      images,
    });
  } catch (error) {
    await deleteImages(storage, images);
    throw error;
  }
}
