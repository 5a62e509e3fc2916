import type { Multipart } from '@fastify/multipart';
import { MULTIPART_FIELDS_PART, type OperationDefinition } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.js';
import { refuseUnstorableInput } from './text-input.js';

/**
 * The part of a multipart request that carries its fields, as JSON, ahead of any file (docs/decisions/0098): the
 * fields are checked before a byte of a file is stored, and a file arriving first is refused. Its name is the
 * contract's, which the clients use too.
 */
export const MULTIPART_BODY_FIELD = MULTIPART_FIELDS_PART;
/** The fields' JSON is a few kB; anything much larger is not a fault report. */
const MAX_BODY_FIELD_BYTES = 64 * 1024;

/** Limits the reader enforces while it parses; an operation counts its own files and bytes as they stream. */
export type MultipartLimits = { maxFiles: number; maxFileBytes: number };

export type MultipartUpload = {
  body: unknown;
  /** The parts after the fields, in order; each file must be read (or drained) before the next arrives. */
  parts: AsyncIterableIterator<Multipart>;
};

const refuse = (rule: string, message: string, field = MULTIPART_BODY_FIELD) =>
  badRequest(message, { code: 'validation_failed', details: [{ field, rule, message }] });

/** Reads the fields part of a multipart request and checks it against the operation's body schema. */
export async function readMultipartBody(
  request: FastifyRequest,
  definition: OperationDefinition,
  limits: MultipartLimits,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw refuse('multipart', 'The request must be multipart/form-data', 'body');
  }
  const parts = request.parts({
    limits: {
      fieldSize: MAX_BODY_FIELD_BYTES,
      fields: 1,
      // One more than allowed, so the operation sees the extra file and names the rule it breaks.
      files: limits.maxFiles + 1,
      fileSize: limits.maxFileBytes,
    },
  });
  const first = await parts.next();
  const part = first.done ? undefined : first.value;
  if (part?.type !== 'field' || part.fieldname !== MULTIPART_BODY_FIELD) {
    await drain(part);
    throw refuse('first_part', `The first part must be the field '${MULTIPART_BODY_FIELD}' holding the JSON fields`);
  }
  if (part.valueTruncated) throw refuse('max_size', `Must be at most ${MAX_BODY_FIELD_BYTES} bytes`);
  const body = typeof part.value === 'string' ? parseJson(part.value) : part.value;
  refuseUnstorableInput(MULTIPART_BODY_FIELD, body);
  const schema = definition.body as z.ZodType;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw badRequest(`Invalid ${MULTIPART_BODY_FIELD}`, {
      code: 'validation_failed',
      details: parsed.error.issues.map((issue) => ({
        field: [MULTIPART_BODY_FIELD, ...issue.path.map(String)].join('.'),
        // A contract rule names itself in its issue's params (the branding's contrast, decision 0218).
        rule: issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : issue.code,
        message: issue.message,
      })),
    });
  }
  return { body: parsed.data, parts };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('json', `'${MULTIPART_BODY_FIELD}' must be the fields as JSON`);
  }
}

/** Reads a file part to its end without keeping it, so the next part can arrive (or the request can be answered). */
export async function drain(part: Multipart | undefined): Promise<void> {
  if (part?.type !== 'file') return;
  part.file.resume();
  await new Promise<void>((resolve) => {
    if (part.file.readableEnded) resolve();
    part.file.once('end', () => resolve());
    part.file.once('error', () => resolve());
  });
}
