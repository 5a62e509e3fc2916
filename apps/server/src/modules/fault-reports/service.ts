import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import {
  FAULT_REPORT_UPLOAD,
  type FaultReportAccepted,
  type FaultReportFields,
  SLOW_SPEEDS_FAULT_TYPE,
} from '@portal/contract';
import { badRequest } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { contractLineOf, requireGroupOfLine } from '../broadband-diagnostics/repository.js';
import { deleteImages, type StoredImage, storeImages } from './image-upload.js';
import { companyImageBytes, forgetUpload, recordUploadStarted, storeFaultReport } from './repository.js';
import type { FaultReportUploads } from './uploads-in-progress.js';

export type Reporter = { userId: number; userName: string; requestId: string };

/**
 * Accepts a fault report (docs/decisions/0098, 0100): the line and its diagnostics group are checked before any
 * file is read, the images are streamed to storage with their checks (within the company's quota, 0122), and the
 * report is stored for the worker, which sends it to the carrier. A repeat of a report (0120) answers the first and
 * keeps none of its own files; anything refused leaves no file and no row behind.
 */
export async function reportFault(
  input: {
    scope: EstateScope;
    reporter: Reporter;
    /** The line's carrier: its id, and the key its stored requests carry. */
    carrier: { carrierId: number; requestKey: string };
    orderItemId: number;
    groupId: string;
    fields: FaultReportFields;
    idempotencyKey: string | undefined;
    parts: AsyncIterableIterator<Multipart>;
  },
  uploads: FaultReportUploads & { quotaBytes: number },
): Promise<FaultReportAccepted> {
  const { scope, fields } = input;
  const line = await contractLineOf(scope, input.orderItemId, input.carrier.carrierId);
  const group = await requireGroupOfLine(scope, input.groupId, line);
  if (!group.hasFinishedRun) {
    throw badRequest('Run at least one test before reporting a fault', {
      code: 'validation_failed',
      details: [{ field: 'groupId', rule: 'test_run', message: 'The diagnostics group has no finished test run' }],
    });
  }
  // What is left of the quota now bounds the upload as it streams; the store checks again under its lock.
  const usedBytes = await companyImageBytes(scope.db, line.companyId);
  const upload = uploads.inProgress.begin();
  try {
    await recordUploadStarted(scope.db, input.reporter, upload.folder);
    // storeImages deletes its own files when it refuses; after it, this does.
    let images: StoredImage[] = [];
    try {
      images = await storeImages(input.parts, uploads.storage, upload.folder, {
        maxFiles: FAULT_REPORT_UPLOAD.maxFiles,
        maxTotalBytes: FAULT_REPORT_UPLOAD.maxTotalBytes,
        quota: { quotaBytes: uploads.quotaBytes, remainingBytes: uploads.quotaBytes - usedBytes },
      });
      if (fields.faultType === SLOW_SPEEDS_FAULT_TYPE && images.length === 0) {
        const message = 'A slow speeds fault needs at least one trace route image';
        throw badRequest(message, {
          code: 'validation_failed',
          details: [{ field: FAULT_REPORT_UPLOAD.fieldName, rule: 'min_files', message }],
        });
      }
      const outcome = await storeFaultReport(scope.db, input.reporter, {
        folder: upload.folder,
        line,
        carrier: input.carrier.requestKey,
        groupId: input.groupId,
        fields,
        images,
        contentSha256: reportContentSha256(fields, images),
        idempotencyKey: input.idempotencyKey,
        quotaBytes: uploads.quotaBytes,
      });
      if ('stored' in outcome) return outcome.stored;
      await deleteImages(uploads.storage, images);
      await forgetUpload(scope.db, input.reporter, upload.folder);
      return outcome.repeated;
    } catch (error) {
      await deleteImages(uploads.storage, images);
      // Should this fail too, the refusal still stands: the sweep ends the upload once its folder is idle.
      await forgetUpload(scope.db, input.reporter, upload.folder).catch(() => undefined);
      throw error;
    }
  } finally {
    upload.done();
  }
}

/**
 * One hash of what a report says: its fields (keys sorted, so their order in the request does not matter) and its
 * images' SHA-256 in the order sent. The images' names are left out: the same screenshot saved twice is the same.
 */
export function reportContentSha256(fields: FaultReportFields, images: readonly StoredImage[]): string {
  const sortedKeys = (_key: string, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value;
  const content = JSON.stringify({ fields, images: images.map((image) => image.sha256) }, sortedKeys);
  return createHash('sha256').update(content).digest('hex');
}
