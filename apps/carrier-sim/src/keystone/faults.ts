import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BroadbandCarrierState } from '../broadband/carrier-lines.js';
import { CarrierFault, invalidRequest, parseOrRefuse } from '../carrier-faults.js';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  measure,
  type ReceivedAttachment,
  ReceivedFaults,
} from '../received-faults.js';
import { KEYSTONE_ERRORS, lineRefOf } from './diagnostics.js';

// Keystone Networks' fault API as the portal meets it (docs/decisions/0100): a route file of Keystone's API
// (`routes.ts` gives it the key check and the problem-details errors), lines by their number as in diagnostics. A
// fault is one multipart POST: a JSON part `fault` first, then the images as `attachments`; it is idempotent by the
// Idempotency-Key header and answers at once with Keystone's fault id.

const IdempotencyKeySchema = z.string().trim().min(1).max(200);
const FaultPartSchema = z.object({
  category: z.string().min(1),
  description: z.string().min(1),
  startedOn: z.string().min(1),
  contact: z.object({ name: z.string().min(1), phone: z.string().min(1) }),
});

const invalid = (message: string) => invalidRequest(KEYSTONE_ERRORS, message);

/** Keystone's fault desk: its routes (registered by Keystone's routes plugin) and what it received. */
export function keystoneFaultDesk(state: BroadbandCarrierState) {
  const received = new ReceivedFaults('KS');

  const routes: FastifyPluginAsync = async (scope) => {
    await scope.register(multipart);

    scope.post('/lines/:lineRef/faults', async (request, reply) => {
      const lineRef = lineRefOf(request.params);
      const key = IdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new CarrierFault(400, 'idempotency-key-required', 'Send an Idempotency-Key header');
      if (!request.isMultipart()) throw new CarrierFault(415, 'multipart-required', 'Send multipart/form-data');

      const parts = request.parts({ limits: { files: MAX_ATTACHMENTS, fileSize: MAX_ATTACHMENT_BYTES } });
      const first = await parts.next();
      if (first.done || first.value.type !== 'field' || first.value.fieldname !== 'fault') {
        throw invalid("The first part must be the JSON part 'fault'");
      }
      const fields = parseOrRefuse(KEYSTONE_ERRORS, FaultPartSchema.passthrough(), parseJson(first.value.value));
      // Every attachment is read (and counted) even for a resend, so the client's request always completes.
      const attachments: ReceivedAttachment[] = [];
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'attachments') {
          throw invalid(`Unexpected part '${part.fieldname}'`);
        }
        attachments.push({ filename: part.filename, contentType: part.mimetype, ...(await measure(part.file)) });
      }
      const earlier = received.replay(key.data);
      if (earlier) return reply.code(200).send({ faultId: earlier.faultId, status: 'OPEN' });
      if (state.faults.refusesChange(state.carrier)) {
        throw new CarrierFault(422, 'fault-rejected', 'Injected refusal: Keystone does not accept faults on this line');
      }
      const fault = received.raise(key.data, lineRef, fields);
      fault.attachments.push(...attachments);
      return reply.code(202).send({ faultId: fault.faultId, status: 'OPEN' });
    });

    scope.get('/faults/:faultId', async (request) => {
      const { faultId } = z.object({ faultId: z.string() }).parse(request.params);
      const fault = received.byId(faultId);
      if (!fault) throw new CarrierFault(404, 'fault-not-found', `No fault ${faultId}`);
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
    throw invalid("The part 'fault' must be JSON");
  }
}
