import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CarrierFault, type ErrorDialect, installCarrierErrors, parseOrRefuse } from '../carrier-faults.js';
import type { FaultInjector } from '../fault-injector.js';
import { measure, type ReceivedAttachment, ReceivedFaults } from '../received-faults.js';

// Keystone Networks' fault API as the portal meets it (docs/decisions/0100): camelCase, lines by their number,
// X-Keystone-Key, errors as { code, message }, refusals 422. A fault is one multipart POST: a JSON part `fault`
// first, then the images as `attachments`; it is idempotent by the Idempotency-Key header and answers at once with
// Keystone's fault id.

export const KEYSTONE_PREFIX = '/keystone/api/v3';
const CARRIER = 'broadband-494';
const MAX_ATTACHMENTS = 10;
const MAX_ATTACHMENT_BYTES = 200 * 1024 * 1024;

const KEYSTONE_ERRORS: ErrorDialect = {
  name: 'Keystone',
  body: (code, message) => ({ code, message }),
  invalid: { status: 422, code: 'VALIDATION_ERROR' },
  notFoundCode: 'NOT_FOUND',
  internalCode: 'INTERNAL_ERROR',
};

const LineRefSchema = z.object({ lineRef: z.string().regex(/^0[0-9]{9,10}$/) });
const IdempotencyKeySchema = z.string().trim().min(1).max(200);
const FaultPartSchema = z.object({
  category: z.string().min(1),
  description: z.string().min(1),
  startedOn: z.string().min(1),
  contact: z.object({ name: z.string().min(1), phone: z.string().min(1) }),
});

type KeystoneFaultOptions = { apiKey: string; faults: FaultInjector };

/** Keystone's fault desk: the routes and what it received. */
export function keystoneFaults(options: KeystoneFaultOptions) {
  const received = new ReceivedFaults('KS');

  const routes: FastifyPluginAsync = async (scope) => {
    installCarrierErrors(scope, KEYSTONE_ERRORS);
    await scope.register(multipart);
    scope.addHook('onRequest', async (request) => {
      if (request.headers['x-keystone-key'] !== options.apiKey) {
        throw new CarrierFault(401, 'UNAUTHORIZED', 'Missing or unknown X-Keystone-Key');
      }
    });

    scope.post('/lines/:lineRef/faults', async (request, reply) => {
      const params = LineRefSchema.safeParse(request.params);
      if (!params.success) throw new CarrierFault(404, 'LINE_NOT_FOUND', 'No such line');
      const key = IdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new CarrierFault(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header');
      if (!request.isMultipart()) throw new CarrierFault(415, 'MULTIPART_REQUIRED', 'Send multipart/form-data');

      const parts = request.parts({ limits: { files: MAX_ATTACHMENTS, fileSize: MAX_ATTACHMENT_BYTES } });
      const first = await parts.next();
      if (first.done || first.value.type !== 'field' || first.value.fieldname !== 'fault') {
        throw new CarrierFault(422, 'VALIDATION_ERROR', "The first part must be the JSON part 'fault'");
      }
      const fields = parseOrRefuse(KEYSTONE_ERRORS, FaultPartSchema.passthrough(), parseJson(first.value.value));
      // Every attachment is read (and counted) even for a resend, so the client's request always completes.
      const attachments: ReceivedAttachment[] = [];
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'attachments') {
          throw new CarrierFault(422, 'VALIDATION_ERROR', `Unexpected part '${part.fieldname}'`);
        }
        attachments.push({ filename: part.filename, contentType: part.mimetype, ...(await measure(part.file)) });
      }
      const earlier = received.replay(key.data);
      if (earlier) return reply.code(200).send({ faultId: earlier.faultId, status: 'OPEN' });
      if (options.faults.refusesChange(CARRIER)) {
        throw new CarrierFault(422, 'FAULT_REJECTED', 'Injected refusal: Keystone does not accept faults on this line');
      }
      const fault = received.raise(key.data, params.data.lineRef, fields);
      fault.attachments.push(...attachments);
      return reply.code(202).send({ faultId: fault.faultId, status: 'OPEN' });
    });

    scope.get('/faults/:faultId', async (request) => {
      const fault = received.byId(String((request.params as { faultId?: string }).faultId));
      if (!fault) throw new CarrierFault(404, 'FAULT_NOT_FOUND', 'No such fault');
      return { faultId: fault.faultId, lineRef: fault.line, status: 'OPEN', attachments: fault.attachments.length };
    });
  };

  return { routes, received, reset: () => received.clear() };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new CarrierFault(422, 'VALIDATION_ERROR', "The part 'fault' must be JSON");
  }
}
