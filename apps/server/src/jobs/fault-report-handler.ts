import type { Kysely } from 'kysely';
import type { FaultCarriers } from '../carriers/broadband-carriers.js';
import type { FaultToRaise } from '../carriers/broadband-fault.js';
import type { Database } from '../db/schema.js';
import type { FaultReportPayload } from '../modules/fault-reports/repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import { addCompletionEvent, type CarrierRequestHandler, type ClaimedRequest } from './carrier-request-handler.js';

const payloadOf = (request: ClaimedRequest) => request.payload as FaultReportPayload;

/**
 * The broadband fault reports (docs/decisions/0100, 0101): the stored report and its images (streamed from
 * storage, never whole in memory) are raised with the carrier, idempotently by the request's id. The carrier's
 * acceptance is final: the request completes at once with a Succeeded event quoting both references.
 */
export function faultReportHandler(
  db: Kysely<Database>,
  carriers: FaultCarriers,
  storage: FileStorage,
): CarrierRequestHandler {
  const carrierOf = (request: ClaimedRequest) => {
    const carrier = carriers[request.carrier];
    if (!carrier) throw new Error(`No broadband carrier stores its requests under '${request.carrier}'`);
    return carrier;
  };
  return {
    kinds: ['fault_report'],
    carriers: Object.keys(carriers),
    carrierName: (carrier) => carriers[carrier]?.name ?? carrier,
    async send(request) {
      const fault = await storedFault(db, storage, payloadOf(request));
      const { reference } = await carrierOf(request).raise(fault, String(request.id));
      return { reference, settled: true };
    },
    async completed(trx, request, outcome) {
      if (request.order_item_id === null) return;
      const { reference } = payloadOf(request);
      const carrier = carrierOf(request).name;
      const notes =
        outcome.state === 'failed'
          ? `Fault ${reference} could not be raised: ${outcome.reason}`
          : `Fault ${reference} raised with ${carrier} (their reference ${request.carrier_reference})`;
      await addCompletionEvent(trx, request.order_item_id, outcome, notes);
    },
  };
}

async function storedFault(
  db: Kysely<Database>,
  storage: FileStorage,
  payload: FaultReportPayload,
): Promise<FaultToRaise> {
  const report = await db
    .selectFrom('fault_reports')
    .selectAll()
    .where('id', '=', payload.faultReportId)
    .executeTakeFirstOrThrow();
  const images = await db
    .selectFrom('fault_report_images')
    .select(['file_name', 'content_type', 'size_bytes', 'storage_key'])
    .where('fault_report_id', '=', report.id)
    .orderBy('id')
    .execute();
  return {
    lineRef: payload.lineRef,
    reference: report.reference,
    faultType: report.fault_type,
    description: report.fault_description,
    startedOn: String(report.fault_started_date),
    speedTestResultIds: report.speed_test_result_ids,
    contactName: report.contact_name,
    contactNumber: report.contact_number,
    frequency: report.frequency,
    routerType: report.router_type,
    checklist: {
      routerRebooted: report.router_rebooted,
      microfiltersSwapTest: report.microfilters_swap_test,
      masterSocketTest: report.master_socket_test,
      nonAdslEquipmentRemoved: report.non_adsl_equipment_removed,
    },
    images: images.map((image) => ({
      fileName: image.file_name,
      contentType: image.content_type,
      sizeBytes: Number(image.size_bytes),
      open: () => storage.get(image.storage_key),
    })),
  };
}
