import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FaultToRaise } from '../broadband-fault.js';
import type { CarrierHttp } from '../carrier-http.js';

// Skylark Fibre's ticket desk (docs/decisions/0100): a JSON ticket idempotent by its client_reference, then each
// image PUT raw under a name of the portal's (a PUT replaces, so a resend is harmless). Sent through the
// diagnostics adapter's client: the same token, circuit breaker and { errors: [...] } refusals.

const TicketSchema = z.object({ ticket_id: z.string().min(1), status: z.string() });
const AttachedSchema = z.object({ filename: z.string(), size_bytes: z.number() });

/** Opens the ticket and attaches its images; answers Skylark's ticket id. */
export async function raiseSkylarkTicket(
  http: CarrierHttp,
  fault: FaultToRaise,
  idempotencyKey: string,
): Promise<{ reference: string }> {
  const ticket = await http.post('/tickets', skylarkTicket(fault, idempotencyKey), TicketSchema);
  const ticketPath = `/tickets/${encodeURIComponent(ticket.ticket_id)}/attachments`;
  for (const [index, image] of fault.images.entries()) {
    // The portal's own name: Skylark allows only plain names, and the customer's may hold anything.
    const name = `trace-route-${index + 1}.${image.contentType.replace('image/', '')}`;
    await http.stream(`${ticketPath}/${name}`, AttachedSchema, async () => ({
      method: 'PUT',
      body: Readable.toWeb(await image.open()) as ReadableStream,
      headers: { 'content-type': image.contentType, 'content-length': String(image.sizeBytes) },
    }));
  }
  return { reference: ticket.ticket_id };
}

function skylarkTicket(fault: FaultToRaise, clientReference: string) {
  return {
    client_reference: clientReference,
    line_number: fault.lineRef,
    fault_category: fault.faultType,
    description: fault.description,
    started_on: fault.startedOn,
    frequency: fault.frequency,
    portal_reference: fault.reference,
    speed_test_ids: fault.speedTestResultIds,
    contact_name: fault.contactName,
    contact_phone: fault.contactNumber,
    router_model: fault.routerType,
    router_rebooted: fault.checklist.routerRebooted,
    microfilters_swapped: fault.checklist.microfiltersSwapTest,
    master_socket_tested: fault.checklist.masterSocketTest,
    other_equipment_removed: fault.checklist.nonAdslEquipmentRemoved,
  };
}
