import {
  FAULT_REPORT_DUPLICATE_WINDOW_MINUTES,
  FAULT_REPORT_IMAGE_QUOTA,
  FAULT_TYPES,
  type FaultReportAccepted,
  type FaultReportFields,
  IDEMPOTENCY_KEY_HEADER,
} from '@portal/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import { addOrderEvent } from '../../db/order-events.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { ContractLine } from '../broadband-diagnostics/repository.js';
import { quotaExceeded, type StoredImage } from './image-upload.js';

export const faultTypeLabel = (faultType: string) =>
  FAULT_TYPES.find((type) => type.value === faultType)?.label ?? faultType;

/** What a stored fault report's carrier request holds besides its columns: what the worker needs to send it. */
export type FaultReportPayload = { lineRef: string; faultReportId: number; reference: string };

/** The first key of the advisory locks that decide one company's fault reports one at a time (the second: its id). */
const FAULT_REPORTS_LOCK = 7_302;

export type NewFaultReport = {
  /** The upload's storage folder, whose fault_report_uploads row ends with this report (docs/decisions/0122). */
  folder: string;
  line: ContractLine;
  /** The carrier's request key. */
  carrier: string;
  groupId: string;
  fields: FaultReportFields;
  images: readonly StoredImage[];
  /** What the report says, fields and images' bytes, as one hash: a repeat has the same (docs/decisions/0120). */
  contentSha256: string;
  idempotencyKey: string | undefined;
  /** The company's quota of stored images, in bytes over FAULT_REPORT_IMAGE_QUOTA.days (docs/decisions/0122). */
  quotaBytes: number;
};

/** A new report, or the first of a repeat (its answer again): the caller deletes a repeat's files. */
export type StoreOutcome = { stored: FaultReportAccepted } | { repeated: FaultReportAccepted };

/**
 * Stores the report for the worker in one transaction as the user: the carrier request (due now), the report with
 * its portal reference, its images' rows and an 'In Progress' event naming the user and the reference
 * (docs/decisions/0100). The company's reports are decided one at a time under a lock, so that a repeat finds the
 * report it repeats (0120) and two uploads cannot both take the quota's last bytes (0122). The images are already in
 * storage; the caller deletes them if this fails or finds a repeat.
 */
export function storeFaultReport(
  db: EstateScope['db'],
  actor: Actor & { userId: number; userName: string },
  input: NewFaultReport,
): Promise<StoreOutcome> {
  const { line, fields } = input;
  return writeAs(db, actor, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${FAULT_REPORTS_LOCK}, ${line.companyId})`.execute(trx);
    const first = await reportRepeated(trx, actor.userId, input);
    if (first) return { repeated: first };
    // The upload ends with its report: its files are the report's now, nothing for the sweep. A sweep of any server
    // that ended the upload first (it lay idle for an hour) may have taken its files: then there is no report.
    const ended = await trx.deleteFrom('fault_report_uploads').where('folder', '=', input.folder).executeTakeFirst();
    if (Number(ended.numDeletedRows) !== 1) {
      throw new Error(`The upload in ${input.folder} was ended by the sweep of unfinished uploads before its report`);
    }
    const adding = input.images.reduce((sum, image) => sum + image.sizeBytes, 0);
    if (adding > 0) {
      const used = await companyImageBytes(trx, line.companyId);
      if (used + adding > input.quotaBytes) {
        throw quotaExceeded({ quotaBytes: input.quotaBytes, remainingBytes: input.quotaBytes - used });
      }
    }

    const request = await trx
      .insertInto('carrier_requests')
      .values({
        company_id: line.companyId,
        endpoint_id: line.endpointId,
        order_item_id: line.orderItemId,
        requested_by_user_id: actor.userId,
        request_id: actor.requestId,
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
        content_sha256: input.contentSha256,
        idempotency_key: input.idempotencyKey ?? null,
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
            sha256: image.sha256,
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
    return { stored: accepted(report) };
  });
}

/** A stored report's answer, as its first request was answered: a repeat gets exactly this again. */
const accepted = (report: { id: number; reference: string }): FaultReportAccepted => ({
  id: report.id,
  reference: report.reference,
  status: 'queued',
});

const keyReused = () => {
  const message = 'This Idempotency-Key was sent before with a different fault report';
  return new HttpError(422, message, {
    code: 'idempotency_key_reused',
    details: [
      {
        field: IDEMPOTENCY_KEY_HEADER,
        rule: 'same_request',
        message: 'A key may be sent again only with the same report: the same fields and images',
      },
    ],
  });
};

/**
 * The report this one repeats, if any (docs/decisions/0120): the one this user sent to this line with the same
 * Idempotency-Key, at any time (422 when it said something else); otherwise one of the line's saying exactly the
 * same from the last FAULT_REPORT_DUPLICATE_WINDOW_MINUTES, unless the carrier refused it.
 */
async function reportRepeated(
  trx: Transaction<Database>,
  userId: number,
  input: NewFaultReport,
): Promise<FaultReportAccepted | undefined> {
  const reportsOfLine = trx
    .selectFrom('fault_reports')
    .innerJoin('carrier_requests', 'carrier_requests.id', 'fault_reports.carrier_request_id')
    .select(['fault_reports.id', 'fault_reports.reference', 'fault_reports.content_sha256'])
    .where('carrier_requests.order_item_id', '=', input.line.orderItemId)
    .orderBy('fault_reports.id')
    .limit(1);
  if (input.idempotencyKey !== undefined) {
    const keyed = await reportsOfLine
      .where('fault_reports.idempotency_key', '=', input.idempotencyKey)
      .where('carrier_requests.requested_by_user_id', '=', userId)
      .executeTakeFirst();
    if (keyed) {
      if (keyed.content_sha256 !== input.contentSha256) throw keyReused();
      return accepted(keyed);
    }
  }
  const same = await reportsOfLine
    .where('fault_reports.content_sha256', '=', input.contentSha256)
    .where(
      'fault_reports.created_at',
      '>',
      sql<Date>`now() - make_interval(mins => ${FAULT_REPORT_DUPLICATE_WINDOW_MINUTES})`,
    )
    .where('carrier_requests.status', '<>', 'failed')
    .executeTakeFirst();
  return same && accepted(same);
}

/** The bytes of images a company's fault reports stored over the quota's rolling window (docs/decisions/0122). */
export async function companyImageBytes(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('fault_report_images')
    .innerJoin('fault_reports', 'fault_reports.id', 'fault_report_images.fault_report_id')
    .innerJoin('carrier_requests', 'carrier_requests.id', 'fault_reports.carrier_request_id')
    .select(sql<number>`coalesce(sum(fault_report_images.size_bytes), 0)`.as('bytes'))
    .where('carrier_requests.company_id', '=', companyId)
    .where('carrier_requests.kind', '=', 'fault_report')
    .where('fault_reports.created_at', '>', sql<Date>`now() - make_interval(days => ${FAULT_REPORT_IMAGE_QUOTA.days})`)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * Records an upload as begun, before its first byte is stored: should the server die before the upload ends, the
 * sweep finds its folder here and may delete what it holds (docs/decisions/0122).
 */
export async function recordUploadStarted(db: Kysely<Database>, actor: Actor, folder: string): Promise<void> {
  await writeAs(db, actor, (trx) => trx.insertInto('fault_report_uploads').values({ folder }).execute());
}

/** Ends a refused upload, once its files are deleted. */
export async function forgetUpload(db: Kysely<Database>, actor: Actor, folder: string): Promise<void> {
  await writeAs(db, actor, (trx) => trx.deleteFrom('fault_report_uploads').where('folder', '=', folder).execute());
}
