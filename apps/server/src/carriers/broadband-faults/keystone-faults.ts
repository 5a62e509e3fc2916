import { Readable } from 'node:stream';
import { z } from 'zod';
import { CarrierHttp } from '../carrier-http.js';
import type { ResilienceTimings } from '../resilience.js';
import type { BroadbandFaultCarrier, FaultToRaise } from './fault-carrier.js';
import { multipartStream } from './multipart-stream.js';

const RaisedSchema = z.object({ faultId: z.string().min(1), status: z.string() });
const ErrorSchema = z.object({ code: z.string(), message: z.string() });

/**
 * Keystone Networks' fault desk (carrier 494): one multipart POST per fault, the JSON part `fault` first and the
 * images as `attachments`, idempotent by the Idempotency-Key header (docs/decisions/0100).
 */
export class KeystoneFaults implements BroadbandFaultCarrier {
  readonly name = 'Keystone Networks';
  readonly http: CarrierHttp;

  constructor(options: { baseUrl: string; apiKey: string; timings: ResilienceTimings }) {
    this.http = new CarrierHttp({
      name: this.name,
      baseUrl: options.baseUrl,
      headers: { 'x-keystone-key': options.apiKey },
      timings: options.timings,
      refusalOf: (body) => {
        const parsed = ErrorSchema.safeParse(body);
        return parsed.success ? parsed.data : undefined;
      },
    });
  }

  async raise(fault: FaultToRaise, idempotencyKey: string): Promise<{ reference: string }> {
    const raised = await this.http.stream(
      `/lines/${encodeURIComponent(fault.lineRef)}/faults`,
      RaisedSchema,
      async () => {
        const { body, contentType } = multipartStream([
          { name: 'fault', json: keystoneFault(fault) },
          ...fault.images.map((image) => ({ name: 'attachments', ...image })),
        ]);
        return {
          method: 'POST',
          body: Readable.toWeb(body) as ReadableStream,
          headers: { 'content-type': contentType, 'idempotency-key': idempotencyKey },
        };
      },
    );
    return { reference: raised.faultId };
  }
}

function keystoneFault(fault: FaultToRaise) {
  return {
    category: fault.faultType,
    description: fault.description,
    startedOn: fault.startedOn,
    frequency: fault.frequency,
    customerReference: fault.reference,
    speedTestIds: fault.speedTestResultIds,
    contact: { name: fault.contactName, phone: fault.contactNumber },
    router: { model: fault.routerType, rebooted: fault.checklist.routerRebooted },
    checks: {
      microfiltersSwapped: fault.checklist.microfiltersSwapTest,
      masterSocketTested: fault.checklist.masterSocketTest,
      otherEquipmentRemoved: fault.checklist.nonAdslEquipmentRemoved,
    },
    consents: { intrusiveTesting: true, engineeringCharges: true },
  };
}
