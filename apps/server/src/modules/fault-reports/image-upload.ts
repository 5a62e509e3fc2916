import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { FAULT_REPORT_IMAGE_QUOTA, FAULT_REPORT_UPLOAD } from '@portal/contract';
import { fileTypeStream } from 'file-type/node';
import { badRequest, HttpError } from '../../http/errors.js';
import { drain } from '../../http/multipart-body.js';
import type { FileStorage } from '../../storage/file-storage.js';

/** A trace-route image as stored: what its row records. */
export type StoredImage = {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  sha256: string;
};

/** What a company may still store under its quota of images (docs/decisions/0122), and the quota itself. */
export type QuotaAllowance = { quotaBytes: number; remainingBytes: number };

/**
 * What an upload may hold: its files' part name (the fault report's trace routes unless said; the console's partner
 * logo names its own, decision 0218), their number and total size, and for the fault report its company's quota.
 */
export type UploadLimits = { field?: string; maxFiles: number; maxTotalBytes: number; quota?: QuotaAllowance };

const MEDIA_TYPES: readonly string[] = FAULT_REPORT_UPLOAD.mediaTypes;

const tooLarge = (field: string, maxTotalBytes: number) =>
  new HttpError(413, 'Exceeded max upload size', {
    code: 'upload_too_large',
    details: [{ field, rule: 'max_total_bytes', message: `The files must total at most ${maxTotalBytes} bytes` }],
  });

/** A report whose images would take its company past its quota of stored images (docs/decisions/0122). */
export const quotaExceeded = (quota: QuotaAllowance, field: string = FAULT_REPORT_UPLOAD.fieldName) => {
  const { days } = FAULT_REPORT_IMAGE_QUOTA;
  return new HttpError(413, `Your company's fault reports have used their ${days}-day allowance of stored images`, {
    code: 'quota_exceeded',
    details: [
      {
        field,
        rule: 'company_quota',
        message: `The images of a company's fault reports may total at most ${quota.quotaBytes} bytes in ${days} days; ${Math.max(0, quota.remainingBytes)} bytes are left`,
      },
    ],
  });
};

/** What the next file may take: the request's own limit or the company's quota, whichever is less, and its refusal. */
function allowanceAfter(limits: UploadLimits & { field: string }, storedBytes: number) {
  const { field, quota } = limits;
  const ofRequest = limits.maxTotalBytes - storedBytes;
  const ofCompany = quota ? quota.remainingBytes - storedBytes : Number.POSITIVE_INFINITY;
  return quota && ofCompany < ofRequest
    ? { remaining: ofCompany, refusal: () => quotaExceeded(quota, field) }
    : { remaining: ofRequest, refusal: () => tooLarge(field, limits.maxTotalBytes) };
}
type Allowance = ReturnType<typeof allowanceAfter>;

/**
 * Passes bytes on while counting them against the allowance and hashing them, so a file past the allowance is
 * refused at the byte that passes it (nothing over is stored) and a stored file's SHA-256 is known without reading
 * it again.
 */
class MeasuredBytes extends Transform {
  counted = 0;
  private readonly hash = createHash('sha256');
  constructor(private readonly allowance: Allowance) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.counted += chunk.length;
    if (this.counted > this.allowance.remaining) return done(this.allowance.refusal());
    this.hash.update(chunk);
    done(null, chunk);
  }
  /** The hex SHA-256 of everything passed; once only, after the end. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

// C0 and C1 controls (NUL, which PostgreSQL text cannot hold, among them), lone surrogates (no UTF-8 for them) and
// the bidirectional overrides that would make a name read as another in support's screens.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/gu;
const MAX_FILE_NAME_CHARS = 255;

/**
 * The name a file is recorded by: the client's, without control characters and at most 255 characters, or 'image'
 * when nothing is left (docs/decisions/0121). It is only shown: storage and the carriers use names the server
 * makes, so cleaning it beats refusing a screenshot for the way a browser named it.
 */
export function cleanFileName(name: string): string {
  // By code points, so the cut never splits a character's surrogate pair.
  const cleaned = Array.from(name.replace(UNPRINTABLE, '').trim()).slice(0, MAX_FILE_NAME_CHARS).join('').trim();
  return cleaned || 'image';
}

/**
 * Streams each image (a fault report's trace routes; the console's partner logo, decision 0218, checks them the same
 * way) to storage as it arrives (docs/decisions/0098), into the upload's own folder: its
 * bytes, not its name or declared type, must be one of the image types; the files together must stay within the
 * size and what is left of the company's quota (0122), and their number within the count. On any refusal every file
 * stored so far is deleted, so a refused report leaves nothing behind.
 */
export async function storeImages(
  parts: AsyncIterableIterator<Multipart>,
  storage: FileStorage,
  folder: string,
  uploadLimits: UploadLimits,
): Promise<StoredImage[]> {
  const limits = { ...uploadLimits, field: uploadLimits.field ?? FAULT_REPORT_UPLOAD.fieldName };
  const { field } = limits;
  const stored: StoredImage[] = [];
  let totalBytes = 0;
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== field) {
        await drain(part);
        throw badRequest(`Unexpected part '${part.fieldname}'`, {
          code: 'validation_failed',
          details: [
            {
              field: part.fieldname,
              rule: 'unexpected_part',
              message: `After the fields, only files named '${field}' may follow`,
            },
          ],
        });
      }
      if (stored.length >= limits.maxFiles) {
        await drain(part);
        throw badRequest('Exceeded max file count', {
          code: 'too_many_files',
          details: [{ field, rule: 'max_files', message: `At most ${limits.maxFiles} files may be sent` }],
        });
      }
      const image = await storeImage(part, storage, `${folder}/${stored.length + 1}`, {
        ...allowanceAfter(limits, totalBytes),
        maxTotalBytes: limits.maxTotalBytes,
        field,
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
  allowance: Allowance & { maxTotalBytes: number; field: string },
): Promise<StoredImage> {
  const { field } = allowance;
  const fileName = cleanFileName(part.filename);
  const measured = new MeasuredBytes(allowance);
  // The type is read from the first bytes, which the stream then passes on unchanged.
  const typed = await fileTypeStream(part.file.pipe(measured) as Readable);
  const mediaType = typed.fileType?.mime;
  if (!mediaType || !MEDIA_TYPES.includes(mediaType)) {
    typed.destroy();
    await drain(part);
    if (measured.counted > allowance.remaining) throw allowance.refusal();
    throw new HttpError(415, `'${fileName}' is not an image`, {
      code: 'unsupported_media_type',
      details: [
        {
          field,
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
    if (part.file.truncated) throw tooLarge(field, allowance.maxTotalBytes);
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(storageKey);
    throw tooLarge(field, allowance.maxTotalBytes);
  }
  return { fileName, contentType: mediaType, sizeBytes: measured.counted, storageKey, sha256: measured.digest() };
}

export async function deleteImages(storage: FileStorage, images: readonly StoredImage[]): Promise<void> {
  await Promise.all(images.map((image) => storage.delete(image.storageKey)));
}
