import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BroadbandCarrierState } from '../broadband/carrier-lines.js';
import { UK_LANDLINE } from '../broadband/line-model.js';
import { CarrierFault, parseOrRefuse } from '../carrier-faults.js';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, measure, ReceivedFaults } from '../received-faults.js';
import { SKYLARK_ERRORS } from './diagnostics.js';

// Skylark Fibre's fault API as the portal meets it (docs/decisions/0100): a route file of Skylark's API (`routes.ts`
// gives it the bearer-token check and the { errors: [...] } bodies), circuits by their number as in diagnostics.
// A ticket is opened with JSON (idempotent by its client_reference: the same reference answers the same ticket),
// then each image is PUT raw under its file name (a PUT replaces, so a resend is harmless).

const TicketBodySchema = z
  .object({
    client_reference: z.string().trim().min(1).max(200),
    line_number: z.string().regex(UK_LANDLINE, 'a UK geographic number of 11 digits'),
    fault_category: z.string().min(1),
    description: z.string().min(1),
    contact_name: z.string().min(1),
    contact_phone: z.string().min(1),
  })
  .passthrough();
const AttachmentParamsSchema = z.object({
  ticketId: z.string(),
  filename: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
});

/** Skylark's ticket desk: its routes (registered by Skylark's routes plugin) and what it received. */
export function skylarkFaultDesk(state: BroadbandCarrierState) {
  const received = new ReceivedFaults('SKY');

  const routes: FastifyPluginAsync = async (scope) => {
    // An attachment arrives raw and is read as a stream, whatever its size.
    scope.addContentTypeParser(/^image\//, (_request, payload, done) => done(null, payload));

    scope.post('/tickets', async (request, reply) => {
      const body = parseOrRefuse(SKYLARK_ERRORS, TicketBodySchema, request.body);
      const earlier = received.replay(body.client_reference);
      if (earlier) return reply.code(200).send(ticketBody(earlier.faultId));
      if (state.faults.refusesChange(state.carrier)) {
        throw new CarrierFault(
          422,
          'ticket_rejected',
          'Injected refusal: Skylark does not accept tickets on this line',
        );
      }
      const { client_reference, line_number, ...fields } = body;
      const ticket = received.raise(client_reference, line_number, fields);
      return reply.code(201).send(ticketBody(ticket.faultId));
    });

    scope.put('/tickets/:ticketId/attachments/:filename', async (request, reply) => {
      const params = parseOrRefuse(SKYLARK_ERRORS, AttachmentParamsSchema, request.params);
      const ticket = received.byId(params.ticketId);
      if (!ticket) throw new CarrierFault(404, 'ticket_not_found', `No ticket ${params.ticketId}`);
      const contentType = String(request.headers['content-type'] ?? '');
      if (!contentType.startsWith('image/')) {
        throw new CarrierFault(415, 'unsupported_media_type', 'Attachments must be images');
      }
      const stream = request.body as NodeJS.ReadableStream;
      const measured = await measure(stream as import('node:stream').Readable);
      if (measured.bytes > MAX_ATTACHMENT_BYTES) throw new CarrierFault(413, 'too_large', 'Attachment too large');
      const others = ticket.attachments.filter((attachment) => attachment.filename !== params.filename);
      if (others.length >= MAX_ATTACHMENTS) throw new CarrierFault(422, 'too_many_attachments', 'Too many');
      ticket.attachments.splice(0, ticket.attachments.length, ...others, {
        filename: params.filename,
        contentType,
        ...measured,
      });
      return reply.code(201).send({ filename: params.filename, size_bytes: measured.bytes });
    });
  };

  return { routes, received, reset: () => received.clear() };
}

function ticketBody(ticketId: string) {
  return { ticket_id: ticketId, status: 'open' };
}
