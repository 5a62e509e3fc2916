import { FAULT_TYPES, type FaultReportFields } from '@portal/contract';
import { sql } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import { addOrderEvent } from '../../db/order-events.js';
import type { Database } from '../../db/schema.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import type { ContractLine } from '../broadband-diagnostics/repository.js';
import type { StoredImage } from './image-upload.js';

/** The value of `carrier_requests.carrier` for each diagnostics carrier (the table's CHECK names them). */
export type FaultCarrierKey = Extract<Database['carrier_requests']['carrier'], `broadband-${string}`>;

export const faultTypeLabel = (faultType: string) =>
  FAULT_TYPES.find((type) => type.value === faultType)?.label ?? faultType;

/** What a stored fault report's carrier request holds besides its columns: what the worker needs to send it. */
export type FaultReportPayload = { lineRef: string; faultReportId: number; reference: string };

/**
 * Stores the report for the worker in one transaction as the user: the carrier request (due now), the report with
 * its portal reference, its images' rows and an 'In Progress' event naming the user and the reference
 * (docs/decisions/0100). The images are already in storage; the caller deletes them if this fails.
 */
export function storeFaultReport(
  db: EstateScope['db'],
  actor: Actor & { userId: number; userName: string },
  input: {
    line: ContractLine;
    carrier: FaultCarrierKey;
    groupId: string;
    fields: FaultReportFields;
    images: readonly StoredImage[];
  },
) {
  const { line, fields } = input;
  return writeAs(db, actor, async (trx) => {
    const request = await trx
      .insertInto('carrier_requests')
      .values({
        company_id: line.companyId,
        endpoint_id: line.endpointId,
        order_item_id: line.orderItemId,
        requested_by_user_id: actor.userId,
        carrier: input.carrier,
        kind: 'fault_report',
        payload: JSON.stringify({}),
        status: 'queued',
        // Due once this transaction commits; the worker picks it up on its next round.
        next_attempt_at: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await trx
      .insertInto('fault_reports')
      .values({
        carrier_request_id: request.id,
        diagnostics_group_id: input.groupId,
        fault_type: fields.faultType,
        fault_description: fields.faultDescription,
        fault_started_date: fields.faultStartedDate,
        speed_test_result_ids: fields.speedTestResults.map((result) => result.resultId),
        contact_name: fields.contactName,
        contact_number: fields.contactNumber,
        frequency: fields.frequency,
        router_type: fields.routerType,
        router_rebooted: fields.routerRebooted,
        microfilters_swap_test: fields.microfiltersSwapTest,
        master_socket_test: fields.masterSocketTest,
        non_adsl_equipment_removed: fields.nonAdslEquipmentRemoved,
        intrusion_consent: fields.intrusionConsent,
        accept_engineering_charges: fields.acceptEngineeringCharges,
      })
      .returning(['id', 'reference'])
      .executeTakeFirstOrThrow();
    const payload: FaultReportPayload = {
      lineRef: line.identifier,
      faultReportId: report.id,
      reference: report.reference,
    };
    await trx
      .updateTable('carrier_requests')
      .set({ payload: JSON.stringify(payload) })
      .where('id', '=', request.id)
      .execute();
    if (input.images.length > 0) {
      await trx
        .insertInto('fault_report_images')
        .values(
          input.images.map((image) => ({
            fault_report_id: report.id,
            file_name: image.fileName,
            content_type: image.contentType,
            size_bytes: image.sizeBytes,
            storage_key: image.storageKey,
          })),
        )
        .execute();
    }
    await addOrderEvent(trx, {
      orderItemId: line.orderItemId,
      userName: actor.userName,
      notes: `Fault ${report.reference} reported by ${actor.userName}: ${faultTypeLabel(fields.faultType)}`,
      status: 'In Progress',
    });
    return { id: report.id, reference: report.reference, status: 'queued' as const };
  });
}
