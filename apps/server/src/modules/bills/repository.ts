import type { ODataQuery } from '@portal/contract';
import { sql } from 'kysely';
import { recordEvent, writeAs } from '../../db/audit.js';
import { notFound } from '../../http/errors.js';
import { runODataList } from '../../odata/index.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type BillData, type BillLineUsage, postalAddress } from './files/bill-data.js';
import type { CallRecordRow } from './files/calls-csv.js';
import { toPence } from './files/formats.js';
import type { InvoiceFileKind, StoredInvoiceFile } from './files/invoice-files.js';
import { invoicesResource } from './resource.js';

/**
 * The invoices a caller may see: those of the companies of their estate. An invoice is a company document, not split
 * by site or team, so a Site, Team or EndPoint user holding ViewMyBills (which every invoice route demands) sees the
 * whole bill of the company their lines belong to; granting ViewMyBills is the administrator's decision to show it.
 */
function invoicesOfEstate(scope: EstateScope) {
  return scope.db.selectFrom('invoices').where('invoices.company_id', 'in', scope.companyIds());
}

/** A page of the caller's invoices, each with its company's name. */
export function listInvoices(scope: EstateScope, options: ODataQuery) {
  const baseQuery = invoicesOfEstate(scope).innerJoin('companies', 'companies.id', 'invoices.company_id');
  return runODataList({ db: scope.db, baseQuery, resource: invoicesResource, options });
}

export type BillRow = {
  id: number;
  company_id: number;
  company_name: string;
  bill_date: string;
  calls: number;
  duration: number;
  invoice_amount: number;
  web_data_physical_location: string;
  pdf_file_name: string;
};

/** The caller's bills of their latest `months` bill months (or one company's), oldest first, with their company. */
export function billsOfLatestMonths(scope: EstateScope, months: number, companyId?: number): Promise<BillRow[]> {
  const scoped = () =>
    invoicesOfEstate(scope).$if(companyId !== undefined, (query) =>
      query.where('invoices.company_id', '=', companyId ?? 0),
    );
  const billMonth = sql<string>`to_char(invoices.bill_date, 'YYYY-MM')`;
  const latestMonths = scoped().select(billMonth.as('month')).distinct().orderBy('month', 'desc').limit(months);
  return scoped()
    .innerJoin('companies', 'companies.id', 'invoices.company_id')
    .select([
      'invoices.id',
      'invoices.company_id',
      'companies.name as company_name',
      'invoices.bill_date',
      'invoices.calls',
      'invoices.duration',
      'invoices.invoice_amount',
      'invoices.web_data_physical_location',
      'invoices.pdf_file_name',
    ])
    .where(billMonth, 'in', latestMonths)
    .orderBy('invoices.bill_date')
    .orderBy('invoices.id')
    .execute();
}

/**
 * Voice calls on the caller's lines not yet on an invoice. "Calls" counts voice records, as an invoice's calls do,
 * so the tile and the next bill agree. The per-line counts come from the unbilled_calls rollup (migration 0017):
 * whole companies sum one index range of it, other estates their lines' rows. `companyId` narrows it to that
 * company's lines (none for a company outside the estate).
 */
export async function unbilledCallCount(scope: EstateScope, companyId?: number): Promise<number> {
  let counts = scope.db
    .selectFrom('unbilled_calls')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unbilled_calls.calls'), eb.lit(0)).as('calls'));
  counts = scope.companyWide
    ? counts.where('unbilled_calls.company_id', 'in', scope.companyIds())
    : counts.where('unbilled_calls.endpoint_id', 'in', scope.endpoints());
  if (companyId !== undefined) counts = counts.where('unbilled_calls.company_id', '=', companyId);
  const row = await counts.executeTakeFirstOrThrow();
  return Number(row.calls);
}

const FILE_NAME_COLUMN = { pdf: 'invoices.pdf_file_name', cdr: 'invoices.cdr_file_name' } as const;

/**
 * The caller's invoice at the location with a file of one of `kinds` named `fileName`, compared exactly; the first
 * by id when several match.
 */
export function invoiceWithFile(
  scope: EstateScope,
  webDataPhysicalLocation: string,
  fileName: string,
  kinds: readonly InvoiceFileKind[],
) {
  return invoicesOfEstate(scope)
    .select(['invoices.id', 'invoices.pdf_file_name', 'invoices.cdr_file_name'])
    .where('invoices.web_data_physical_location', '=', webDataPhysicalLocation)
    .where((eb) => eb.or(kinds.map((kind) => eb(FILE_NAME_COLUMN[kind], '=', fileName))))
    .orderBy('invoices.id')
    .limit(1)
    .executeTakeFirst();
}

/** The record of an invoice's file produced earlier, if any. */
export async function storedInvoiceFile(
  scope: EstateScope,
  invoiceId: number,
  kind: InvoiceFileKind,
): Promise<StoredInvoiceFile | undefined> {
  const stored = await scope.db
    .selectFrom('invoice_files')
    .select(['storage_key', 'content_type', 'size_bytes', 'sha256'])
    .where(
      'invoice_files.invoice_id',
      'in',
      invoicesOfEstate(scope).select('invoices.id').where('invoices.id', '=', invoiceId),
    )
    .where('invoice_files.kind', '=', kind)
    .executeTakeFirst();
  return (
    stored && {
      storageKey: stored.storage_key,
      contentType: stored.content_type,
      sizeBytes: Number(stored.size_bytes),
      sha256: stored.sha256,
    }
  );
}

/**
 * Records a produced file, attributed to the caller and the request. An upsert on (invoice_id, kind): two first
 * downloads racing write the same row. They take turns on a lock of the invoice's files first, because the row has a
 * second unique key (storage_key) that the upsert's conflict target does not cover: two inserts under way at once
 * would otherwise meet on it as a unique violation rather than as a conflict to update.
 */
/** The first key of the advisory locks that order writes to one invoice's files (the second is the invoice id). */
const INVOICE_FILES_LOCK = 7_301;

export async function recordInvoiceFile(
  scope: EstateScope,
  requestId: string,
  file: StoredInvoiceFile & { invoiceId: number; kind: InvoiceFileKind; fileName: string },
): Promise<void> {
  const columns = {
    file_name: file.fileName,
    storage_key: file.storageKey,
    content_type: file.contentType,
    size_bytes: file.sizeBytes,
    sha256: file.sha256,
  };
  await writeAs(scope.db, { userId: scope.caller.userId, requestId }, async (trx) => {
    const invoice = await trx
      .selectFrom(invoicesOfEstate(scope).select('invoices.id').where('invoices.id', '=', file.invoiceId).as('own'))
      .select('own.id')
      .executeTakeFirst();
    if (!invoice) throw notFound();
    await sql`SELECT pg_advisory_xact_lock(${INVOICE_FILES_LOCK}, ${file.invoiceId})`.execute(trx);
    await trx
      .insertInto('invoice_files')
      .values({ invoice_id: file.invoiceId, kind: file.kind, ...columns })
      .onConflict((conflict) => conflict.columns(['invoice_id', 'kind']).doUpdateSet(columns))
      .execute();
  });
}

/** Everything a bill prints about one of the caller's invoices, amounts in whole pence. */
export async function billData(scope: EstateScope, invoiceId: number): Promise<BillData> {
  const invoice = await invoicesOfEstate(scope)
    .innerJoin('companies', 'companies.id', 'invoices.company_id')
    .innerJoin('partners', 'partners.id', 'companies.partner_id')
    .select([
      'invoices.invoice_number',
      'invoices.bill_date',
      'invoices.period_start',
      'invoices.period_end',
      'invoices.usage_charges',
      'invoices.fixed_charges',
      'invoices.vat',
      'invoices.invoice_amount',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.account_number',
      'partners.id as partner_id',
      'partners.name as partner_name',
      'partners.primary_colour',
      'partners.secondary_colour',
      'partners.line1',
      'partners.line2',
      'partners.line3',
      'partners.town',
      'partners.county',
      'partners.post_code',
    ])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) throw notFound();

  // The invoice is the caller's: its company's address, its partner's contacts and its records are read by it.
  const [billingAddress, contacts, lines] = await Promise.all([
    // A company's first address is its registered one; sites add theirs after it.
    scope.db
      .selectFrom('addresses')
      .select(['line1', 'line2', 'line3', 'town', 'county', 'post_code'])
      .where('company_id', '=', invoice.company_id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    scope.db
      .selectFrom('partner_contacts')
      .select(['type', 'value'])
      .where('partner_id', '=', invoice.partner_id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    lineUsageOf(scope, invoiceId),
  ]);

  return {
    invoice: {
      invoiceNumber: invoice.invoice_number,
      billDate: invoice.bill_date,
      periodStart: invoice.period_start,
      periodEnd: invoice.period_end,
      accountNumber: invoice.account_number,
      usageChargesPence: toPence(invoice.usage_charges),
      fixedChargesPence: toPence(invoice.fixed_charges),
      vatPence: toPence(invoice.vat),
      invoiceAmountPence: toPence(invoice.invoice_amount),
    },
    partner: {
      name: invoice.partner_name,
      address: postalAddress(invoice),
      primaryColour: invoice.primary_colour,
      secondaryColour: invoice.secondary_colour,
      contacts,
    },
    customer: {
      name: invoice.company_name,
      address: billingAddress ? postalAddress(billingAddress) : undefined,
    },
    lines,
  };
}

/** The records on one of the caller's invoices, from the invoice's side so the estate is checked with it. */
function recordsOfInvoice(scope: EstateScope, invoiceId: number) {
  return scope.db
    .selectFrom('call_detail_records as r')
    .innerJoin('endpoints as e', 'e.id', 'r.endpoint_id')
    .where('r.invoice_id', 'in', invoicesOfEstate(scope).select('invoices.id').where('invoices.id', '=', invoiceId));
}

async function lineUsageOf(scope: EstateScope, invoiceId: number): Promise<BillLineUsage[]> {
  const voice = sql<boolean>`r.record_type = 'voice'`;
  const rows = await recordsOfInvoice(scope, invoiceId)
    .select([
      'e.name',
      'e.identifier',
      sql<number>`count(*) FILTER (WHERE ${voice})`.as('calls'),
      sql<number>`count(*) FILTER (WHERE r.record_type = 'sms')`.as('texts'),
      sql<number>`coalesce(sum(ceil(r.duration / 60.0)) FILTER (WHERE ${voice}), 0)`.as('minutes'),
      sql<number>`coalesce(sum(r.bytes), 0)`.as('bytes'),
      // Rounded in SQL like the invoice's own usage_charges (round(sum(cost), 2)), so both round the same way.
      sql<number>`round(sum(r.cost), 2)`.as('cost'),
    ])
    .groupBy(['e.id', 'e.name', 'e.identifier'])
    .orderBy('e.name')
    .orderBy('e.identifier')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    identifier: row.identifier,
    calls: Number(row.calls),
    texts: Number(row.texts),
    minutes: Number(row.minutes),
    bytes: Number(row.bytes),
    costPence: toPence(Number(row.cost)),
  }));
}

/** The records on one of the caller's invoices, oldest first, as the call-detail file lists them. */
export async function callRecords(scope: EstateScope, invoiceId: number): Promise<CallRecordRow[]> {
  const rows = await recordsOfInvoice(scope, invoiceId)
    .select([
      'r.started_at',
      'e.identifier',
      'e.name',
      'r.record_type',
      'r.destination',
      'r.dialled_number',
      'r.duration',
      'r.bytes',
      sql<string>`r.cost::text`.as('cost'),
    ])
    .orderBy('r.started_at')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    startedAt: row.started_at,
    identifier: row.identifier,
    name: row.name,
    recordType: row.record_type,
    destination: row.destination,
    dialledNumber: row.dialled_number,
    duration: Number(row.duration),
    bytes: Number(row.bytes),
    cost: row.cost,
  }));
}

/** Records a refused download (someone may be probing), with what was asked, as the audit log can hold it. */
export function recordRefusedDownload(scope: EstateScope, requestId: string, details: Record<string, unknown>) {
  return recordEvent(scope.db, {
    action: 'invoice.download_refused',
    actor: { userId: scope.caller.userId, requestId },
    details,
  });
}
