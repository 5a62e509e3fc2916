import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import {
  logoDimensionsProblem,
  PARTNER_LOGO_UPLOAD,
  type PartnerBranding,
  type PartnerBrandingInput,
  type PartnerContactsSettings,
} from '@portal/contract';
import { imageSize } from 'image-size';
import type { Actor } from '../../db/audit.js';
import { HttpError, invalidField } from '../../http/errors.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { deleteImages, type StoredImage, storeImages } from '../fault-reports/image-upload.js';
import { logoUrlOf } from '../partners/service.js';
import * as repository from './repository.js';

/** Where the partners' uploaded logos are kept: a folder per partner, one per upload below it. */
export const PARTNER_LOGO_FOLDER = 'partner-logos';

export async function branding(partner: PartnerScope): Promise<PartnerBranding> {
  const row = await repository.brandingRow(partner);
  return {
    name: row.name,
    themeCode: row.theme_code,
    primaryColour: row.primary_colour,
    secondaryColour: row.secondary_colour,
    logoUrl: logoUrlOf(row),
    logoUploaded: row.logo_id !== null,
  };
}

/**
 * The stored logo's size in pixels, read from its header, within the limits: a logo is drawn some 40 pixels high,
 * and an image of thousands of pixels each way is a weight on every sign-in page (or a decompression bomb).
 */
async function logoDimensions(storage: FileStorage, image: StoredImage): Promise<{ width: number; height: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(image.storageKey)) chunks.push(chunk as Buffer);
  let size: { width: number; height: number };
  try {
    size = imageSize(Buffer.concat(chunks));
  } catch {
    throw new HttpError(415, `'${image.fileName}' cannot be read as an image`, {
      code: 'unsupported_media_type',
      details: [
        { field: PARTNER_LOGO_UPLOAD.fieldName, rule: 'image', message: `'${image.fileName}' is not a readable image` },
      ],
    });
  }
  const { width, height } = size;
  const problem = logoDimensionsProblem(width, height);
  if (problem) throw invalidField(PARTNER_LOGO_UPLOAD.fieldName, 'dimensions', problem);
  return { width, height };
}

/** A theme code another partner has: the database's unique key refuses it, named as the field's rule. */
function themeCodeTaken(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && constraint === 'partners_theme_code_key') {
    throw new HttpError(409, 'Another partner has this theme code', {
      code: 'conflict',
      details: [{ field: 'themeCode', rule: 'unique', message: 'Another partner has this theme code' }],
    });
  }
  throw error;
}

/**
 * Saves the partner's branding (decision 0218). A logo, if sent, is checked as the fault report's images are (its
 * type read from its bytes, its size) and then for its dimensions, stored in its own folder, and made the partner's
 * in the transaction that saves the colours; its predecessor's file is deleted once that has committed. Anything
 * refused leaves no file and no change behind.
 */
export async function saveBranding(
  partner: PartnerScope,
  actor: Actor,
  input: PartnerBrandingInput,
  parts: AsyncIterableIterator<Multipart>,
  storage: FileStorage,
): Promise<PartnerBranding> {
  const folder = `${PARTNER_LOGO_FOLDER}/${partner.partnerId}/${randomUUID()}`;
  const images = await storeImages(parts, storage, folder, {
    field: PARTNER_LOGO_UPLOAD.fieldName,
    maxFiles: 1,
    maxTotalBytes: PARTNER_LOGO_UPLOAD.maxBytes,
  });
  let replacedKey: string | undefined;
  try {
    const image = images[0];
    const logo = image && {
      storageKey: image.storageKey,
      contentType: image.contentType,
      sizeBytes: image.sizeBytes,
      sha256: image.sha256,
      ...(await logoDimensions(storage, image)),
    };
    ({ replacedKey } = await repository.saveBranding(partner, actor, input, logo).catch(themeCodeTaken));
  } catch (error) {
    await deleteImages(storage, images);
    throw error;
  }
  // The replaced file is no longer named by any row; should deleting it fail, it only takes space.
  if (replacedKey) await storage.delete(replacedKey).catch(() => undefined);
  return branding(partner);
}

export const contactsAndSettings = repository.contactsAndSettings;

export async function saveContactsAndSettings(
  partner: PartnerScope,
  actor: Actor,
  input: PartnerContactsSettings,
): Promise<PartnerContactsSettings> {
  await repository.saveContactsAndSettings(partner, actor, input);
  return repository.contactsAndSettings(partner);
}
