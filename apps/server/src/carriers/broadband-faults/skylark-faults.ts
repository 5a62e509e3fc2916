import { Readable } from 'node:stream';
import { z } from 'zod';
import { CarrierHttp } from '../carrier-http.js';
import type { ResilienceTimings } from '../resilience.js';
import type { BroadbandFaultCarrier, FaultToRaise } from './fault-carrier.js';

const TicketSchema = z.object({ ticket_id: z.string().min(1), status: z.string() });
const AttachedSchema = z.object({ filename: z.string(), size_bytes: z.number() });
const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * Skylark Fibre's ticket desk (carrier 588): a JSON ticket idempotent by its client_reference, then each image PUT
 * raw under a name of the portal's (a PUT replaces, so a resend is harmless) (docs/decisions/0100).
 */
export class SkylarkFaults implements BroadbandFaultCarrier {
  readonly name = 'Skylark Fibre';
  readonly http: CarrierHttp;

  constructor(options: { baseUrl: string; token: string; timings: ResilienceTimings }) {
    this.http = new CarrierHttp({
      name: this.name,
      baseUrl: options.baseUrl,
      headers: { authorization: `Bearer ${options.token}` },
      timings: options.timings,
      refusalOf: (body) => {
        const parsed = ErrorSchema.safeParse(body);
        return parsed.success ? parsed.data.error : undefined;
      },
    });
  }

  async raise(fault: FaultToRaise, idempotencyKey: string): Promise<{ reference: string }> {
    const ticket = await this.http.post('/tickets', skylarkTicket(fault, idempotencyKey), TicketSchema);
    const ticketPath = `/tickets/${encodeURIComponent(ticket.ticket_id)}/attachments`;
    for (const [index, image] of fault.images.entries()) {
      // The portal's own name: Skylark allows only plain names, and the customer's may hold anything.
      const name = `trace-route-${index + 1}.${image.contentType.replace('image/', '')}`;
      await this.http.stream(`${ticketPath}/${name}`, AttachedSchema, async () => ({
        method: 'PUT',
        body: Readable.toWeb(await image.open()) as ReadableStream,
        headers: { 'content-type': image.contentType, 'content-length': String(image.sizeBytes) },
      }));
    }
    return { reference: ticket.ticket_id };
  }
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
