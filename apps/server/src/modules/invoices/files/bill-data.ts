import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toPence } from './formats.js';

export type PostalAddress = { street: string[]; town: string; county: string | null; postCode: string };
export type BillParty = { name: string; address: PostalAddress | undefined };

/** One line (endpoint) of the bill: its billed usage, from the call-detail records on the invoice. */
export type BillLineUsage = {
  name: string;
  identifier: string;
  calls: number;
  texts: number;
  /** Chargeable minutes: each call rounded up to the minute, as calls are rated. */
  minutes: number;
  bytes: number;
  /** The line's records summed, then rounded to the penny (as the invoice's usage charges are). */
  costPence: number;
};

/** Everything printed on a bill, amounts in whole pence. */
export type BillData = {
  invoice: {
    invoiceNumber: string;
    billDate: string;
    periodStart: string;
    periodEnd: string;
    accountNumber: string;
    usageChargesPence: number;
    fixedChargesPence: number;
    vatPence: number;
    invoiceAmountPence: number;
  };
  partner: BillParty & { primaryColour: string; secondaryColour: string; contacts: { type: string; value: string }[] };
  customer: BillParty;
  lines: BillLineUsage[];
};

export async function loadBillData(db: Kysely<Database>, invoiceId: number): Promise<BillData> {
  const invoice = await db
    .selectFrom('invoices')
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
    .executeTakeFirstOrThrow();

  const [billingAddress, contacts, lines] = await Promise.all([
    // A company's first address is its registered one; sites add theirs after it.
    db
      .selectFrom('addresses')
      .select(['line1', 'line2', 'line3', 'town', 'county', 'post_code'])
      .where('company_id', '=', invoice.company_id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('partner_contacts')
      .select(['type', 'value'])
      .where('partner_id', '=', invoice.partner_id)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    lineUsageOf(db, invoiceId),
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

async function lineUsageOf(db: Kysely<Database>, invoiceId: number): Promise<BillLineUsage[]> {
  const voice = sql<boolean>`r.record_type = 'voice'`;
  const rows = await db
    .selectFrom('call_detail_records as r')
    .innerJoin('endpoints as e', 'e.id', 'r.endpoint_id')
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
    .where('r.invoice_id', '=', invoiceId)
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

type AddressColumns = {
  line1: string;
  line2: string | null;
  line3: string | null;
  town: string;
  county: string | null;
  post_code: string;
};

function postalAddress(columns: AddressColumns): PostalAddress {
  return {
    street: [columns.line1, columns.line2, columns.line3].filter((line): line is string => Boolean(line)),
    town: columns.town,
    county: columns.county || null,
    postCode: columns.post_code,
  };
}

/** One line each, as on an envelope. */
export function addressLines(address: PostalAddress | undefined): string[] {
  if (!address) return [];
  // Bristol is its own county: the town is not written twice.
  const county = address.county && address.county !== address.town ? [address.county] : [];
  return [...address.street, address.town, ...county, address.postCode];
}

/** Street, then town and post code: for letterheads and footers, where height is short. */
export function compactAddress(address: PostalAddress | undefined): string[] {
  if (!address) return [];
  return [address.street.join(', '), `${address.town} ${address.postCode}`];
}
