import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FaultToRaise } from '../broadband-fault.js';
import type { CarrierHttp } from '../carrier-http.js';
import { multipartStream } from '../multipart-stream.js';

// Keystone Networks' fault desk (docs/decisions/0100): one multipart POST per fault, the JSON part `fault` first
// and the images as `attachments`, idempotent by the Idempotency-Key header. Sent through the diagnostics
// adapter's client: the same key, circuit breaker and problem-details refusals.

const RaisedSchema = z.object({ faultId: z.string().min(1), status: z.string() });

/** Raises the fault with its images; answers Keystone's fault id. */
export async function raiseKeystoneFault(
  http: CarrierHttp,
  fault: FaultToRaise,
  idempotencyKey: string,
): Promise<{ reference: string }> {
  const raised = await http.stream(`/lines/${encodeURIComponent(fault.lineRef)}/faults`, RaisedSchema, async () => {
    const { body, contentType } = multipartStream([
      { name: 'fault', json: keystoneFault(fault) },
      ...fault.images.map((image) => ({ name: 'attachments', ...image })),
    ]);
    return {
      method: 'POST',
      body: Readable.toWeb(body) as ReadableStream,
      headers: { 'content-type': contentType, 'idempotency-key': idempotencyKey },
    };
  });
  return { reference: raised.faultId };
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
