import { randomUUID } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { FAULT_REPORT_UPLOAD } from '@portal/contract';
import { fileTypeStream } from 'file-type/node';
import { badRequest, HttpError } from '../../http/errors.js';
import { drain } from '../../http/multipart-body.js';
import type { FileStorage } from '../../storage/file-storage.js';

/** A trace-route image as stored: what its row records. */
export type StoredImage = { fileName: string; contentType: string; sizeBytes: number; storageKey: string };

export type UploadLimits = { maxFiles: number; maxTotalBytes: number };

const MEDIA_TYPES: readonly string[] = FAULT_REPORT_UPLOAD.mediaTypes;
const FIELD = FAULT_REPORT_UPLOAD.fieldName;

const tooLarge = (maxTotalBytes: number) =>
  new HttpError(413, 'Exceeded max upload size', {
    code: 'upload_too_large',
    details: [
      { field: FIELD, rule: 'max_total_bytes', message: `The files must total at most ${maxTotalBytes} bytes` },
    ],
  });

/** Passes bytes on while counting them against what is left of the request's allowance. */
class ByteAllowance extends Transform {
  constructor(
    private remaining: number,
    private readonly maxTotalBytes: number,
  ) {
    super();
  }
  counted = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.counted += chunk.length;
    if (this.counted > this.remaining) return done(tooLarge(this.maxTotalBytes));
    done(null, chunk);
  }
}

/**
 * Streams each trace-route image to storage as it arrives (docs/decisions/0098): its bytes, not its name or
 * declared type, must be one of the image types; the files together must stay within the size, and their number
 * within the count. On any refusal every file stored so far is deleted, so a refused report leaves nothing behind.
 */
export async function storeImages(
  parts: AsyncIterableIterator<Multipart>,
  storage: FileStorage,
  limits: UploadLimits,
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  const folder = `fault-reports/${randomUUID()}`;
  let totalBytes = 0;
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== FIELD) {
        await drain(part);
        throw badRequest(`Unexpected part '${part.fieldname}'`, {
          code: 'validation_failed',
          details: [
            {
              field: part.fieldname,
              rule: 'unexpected_part',
              message: `After the fields, only files named '${FIELD}' may follow`,
            },
          ],
        });
      }
      if (stored.length >= limits.maxFiles) {
        await drain(part);
        throw badRequest('Exceeded max file count', {
          code: 'too_many_files',
          details: [{ field: FIELD, rule: 'max_files', message: `At most ${limits.maxFiles} files may be sent` }],
        });
      }
      const image = await storeImage(part, storage, `${folder}/${stored.length + 1}`, {
        remaining: limits.maxTotalBytes - totalBytes,
        maxTotalBytes: limits.maxTotalBytes,
      });
      stored.push(image);
      totalBytes += image.sizeBytes;
    }
    return stored;
  } catch (error) {
    await deleteImages(storage, stored);
    throw error;
  }
}

async function storeImage(
  part: Extract<Multipart, { type: 'file' }>,
  storage: FileStorage,
  keyStem: string,
  allowance: { remaining: number; maxTotalBytes: number },
): Promise<StoredImage> {
  const fileName = part.filename.slice(0, 255) || 'image';
  const counter = new ByteAllowance(allowance.remaining, allowance.maxTotalBytes);
  // The type is read from the first bytes, which the stream then passes on unchanged.
  const typed = await fileTypeStream(part.file.pipe(counter) as Readable);
  const mediaType = typed.fileType?.mime;
  if (!mediaType || !MEDIA_TYPES.includes(mediaType)) {
    typed.destroy();
    await drain(part);
    if (counter.counted > allowance.remaining) throw tooLarge(allowance.maxTotalBytes);
    throw new HttpError(415, `'${fileName}' is not an image`, {
      code: 'unsupported_media_type',
      details: [
        {
          field: FIELD,
          rule: 'image',
          message: `'${fileName}' must be a ${MEDIA_TYPES.map((type) => type.replace('image/', '').toUpperCase()).join(', ')} image`,
        },
      ],
    });
  }
  const storageKey = `${keyStem}.${typed.fileType?.ext}`;
  try {
    await storage.put(storageKey, typed);
  } catch (error) {
    await drain(part);
    // The allowance's refusal travels through the pipeline; the busboy limit is the per-file backstop.
    if (error instanceof HttpError) throw error;
    if (part.file.truncated) throw tooLarge(allowance.maxTotalBytes);
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(storageKey);
    throw tooLarge(allowance.maxTotalBytes);
  }
  return { fileName, contentType: mediaType, sizeBytes: counter.counted, storageKey };
}

export async function deleteImages(storage: FileStorage, images: readonly StoredImage[]): Promise<void> {
  await Promise.all(images.map((image) => storage.delete(image.storageKey)));
}
