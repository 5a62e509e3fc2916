import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/auth/password-hashing.js';
import type { Database } from '../../src/db/schema.js';
import { DEMO_PASSWORD } from '../support/test-app.js';

// A billing world of its own, with every figure known in advance: the expected values are computed here, in pence,
// independently of the server's code.

export type RecordSpec = {
  line: 'mobile' | 'broadband';
  at: string;
  type: 'voice' | 'sms' | 'data';
  duration?: number;
  bytes?: number;
  /** Pounds with up to 4 decimals, as stored. */
  cost: string;
  destination?: string;
  dialled?: string | null;
};

export type BillSpec = { periodStart: string; fixedCharges: string; records: RecordSpec[] };

export type InsertedInvoice = {
  id: number;
  invoiceNumber: string;
  billDate: string;
  calls: number;
  duration: number;
  bytes: number;
  usagePence: number;
  fixedPence: number;
  vatPence: number;
  amountPence: number;
  webDataPhysicalLocation: string;
  pdfFileName: string;
  cdrFileName: string;
};

export type InsertedCompany = {
  id: number;
  name: string;
  lines: { mobile: number; broadband: number };
  invoices: InsertedInvoice[];
};

/** '1.2345' → 12345 ten-thousandths: exact, whatever binary floating point would make of it. */
export function tenThousandths(pounds: string): number {
  const [whole = '0', fraction = ''] = pounds.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** Half away from zero, like PostgreSQL's round(numeric). */
function roundDiv(value: number, divisor: number): number {
  return Math.sign(value) * Math.floor((Math.abs(value) + divisor / 2) / divisor);
}

let nextLineNumber = 1;

export async function insertCompany(
  db: Kysely<Database>,
  partnerId: number,
  code: string,
  spec: { bills: BillSpec[]; unbilled: RecordSpec[] },
): Promise<InsertedCompany> {
  const accountNumber = `TB${code.toUpperCase()}`;
  const name = `Billing ${code} Ltd`;
  const company = await db
    .insertInto('companies')
    .values({ partner_id: partnerId, name, account_number: accountNumber })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('addresses')
    .values({
      company_id: company.id,
      line1: '7 Ledger Lane',
      town: 'Leeds',
      county: 'West Yorkshire',
      post_code: 'LS1 4AB',
    })
    .execute();
  const line = async (name: string, typeId: 1 | 3, identifier: string) =>
    (
      await db
        .insertInto('endpoints')
        .values({
          company_id: company.id,
          endpoint_type_id: typeId,
          name,
          identifier,
          ...(typeId === 1
            ? { supplier_id: 33, product: 'Business 30GB 5G' }
            : { carrier_id: 494, product_line_id: 9, product: 'Fibre 80' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const number = String(nextLineNumber++).padStart(6, '0');
  const lines = {
    // A name a spreadsheet would run as a formula: the call-detail file must neutralise it.
    mobile: await line(`=HYPERLINK("x") ${code}`, 1, `07999${number}`),
    broadband: await line(`Office broadband ${code}`, 3, `01134${number}`),
  };

  const invoices: InsertedInvoice[] = [];
  for (const bill of spec.bills) {
    const periodEnd = lastDayOf(bill.periodStart);
    const billDate = addDays(periodEnd, 5);
    const invoiceNumber = `INV-${code.toUpperCase()}-${bill.periodStart.slice(0, 7)}`;
    const usagePence = roundDiv(
      bill.records.reduce((sum, r) => sum + tenThousandths(r.cost), 0),
      100,
    );
    const fixedPence = tenThousandths(bill.fixedCharges) / 100;
    const vatPence = roundDiv((usagePence + fixedPence) * 20, 100);
    const expected = {
      invoiceNumber,
      billDate,
      calls: bill.records.filter((r) => r.type === 'voice').length,
      duration: bill.records.reduce((sum, r) => sum + (r.duration ?? 0), 0),
      bytes: bill.records.reduce((sum, r) => sum + (r.bytes ?? 0), 0),
      usagePence,
      fixedPence,
      vatPence,
      amountPence: usagePence + fixedPence + vatPence,
      webDataPhysicalLocation: `invoices/${accountNumber}/${bill.periodStart.slice(0, 7)}`,
      pdfFileName: `${invoiceNumber}.pdf`,
      cdrFileName: `${invoiceNumber}-calls.csv`,
    };
    const row = await db
      .insertInto('invoices')
      .values({
        company_id: company.id,
        invoice_number: invoiceNumber,
        bill_date: billDate,
        period_start: bill.periodStart,
        period_end: periodEnd,
        calls: expected.calls,
        duration: expected.duration,
        bytes: expected.bytes,
        usage_charges: usagePence / 100,
        fixed_charges: fixedPence / 100,
        vat: vatPence / 100,
        invoice_amount: expected.amountPence / 100,
        web_data_physical_location: expected.webDataPhysicalLocation,
        pdf_file_name: expected.pdfFileName,
        cdr_file_name: expected.cdrFileName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRecords(db, lines, bill.records, row.id);
    invoices.push({ id: row.id, ...expected });
  }
  await insertRecords(db, lines, spec.unbilled, null);
  return { id: company.id, name, lines, invoices };
}

async function insertRecords(
  db: Kysely<Database>,
  lines: InsertedCompany['lines'],
  records: readonly RecordSpec[],
  invoiceId: number | null,
) {
  if (records.length === 0) return;
  await db
    .insertInto('call_detail_records')
    .values(
      records.map((r) => ({
        endpoint_id: lines[r.line],
        invoice_id: invoiceId,
        started_at: r.at,
        record_type: r.type,
        destination: r.destination ?? (r.type === 'data' ? 'UK Data' : 'UK Mobile'),
        dialled_number: r.dialled === undefined ? (r.type === 'data' ? null : '07700900123') : r.dialled,
        duration: r.duration ?? 0,
        bytes: r.bytes ?? 0,
        // numeric(10, 4) takes the decimal text as it is.
        cost: r.cost as unknown as number,
      })),
    )
    .execute();
}

/** A signed-in-able user of the given profile over the given companies, with the profile's functionality. */
export async function insertBillsUser(
  db: Kysely<Database>,
  partnerId: number,
  userName: string,
  profileName: string,
  companyIds: readonly number[],
): Promise<number> {
  const profile = await db
    .selectFrom('profiles')
    .select('id')
    .where('name', '=', profileName)
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      partner_id: partnerId,
      user_name: userName,
      email_address: `${userName}@example.co.uk`,
      profile_id: profile.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_credentials')
    .values({ user_id: user.id, password_hash: await hashPassword(DEMO_PASSWORD), expires_at: null })
    .execute();
  await db
    .insertInto('user_functionality')
    .columns(['user_id', 'functionality_id'])
    .expression(
      db
        .selectFrom('profile_functionality')
        .select((eb) => [eb.val(user.id).as('user_id'), 'functionality_id'])
        .where('profile_id', '=', profile.id),
    )
    .execute();
  if (companyIds.length > 0) {
    await db
      .insertInto('user_companies')
      .values(companyIds.map((companyId) => ({ user_id: user.id, company_id: companyId, partner_id: partnerId })))
      .execute();
  }
  return user.id;
}

/** The first day of each month from `first`, for `count` months. */
export function monthStarts(first: string, count: number): string[] {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1 + i, 1)).toISOString().slice(0, 10));
}

function lastDayOf(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
