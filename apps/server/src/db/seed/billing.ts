import type { CopyValue } from '../connection.js';
import { databaseColumns } from '../schema.js';
import { addDays, addMonths, daysBetween, monthEnd, monthStart, parseDay, timeOnDay } from './calendar.js';
import { voiceDestinations } from './catalogue.js';
import type { DataSet } from './data-set.js';
import type { CompanyFacts, EndpointFacts } from './estate.js';
import { landlineNumber, mobileNumber } from './numbering.js';
import type { SeededRandom } from './random.js';

/** The months billed so far: calendar months before the anchor's month, oldest first. */
export function billedMonths(anchorDay: string, count: number): string[] {
  const current = monthStart(anchorDay);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count));
}

/**
 * One invoice per company per billed month, billed on the 5th of the next month. Usage totals are filled in
 * from the loaded call-detail records afterwards; fixed charges are the rentals of lines live that month.
 */
export function addInvoices(data: DataSet, company: CompanyFacts, months: readonly string[]): number[] {
  return months.map((periodStart) => {
    const periodEnd = monthEnd(periodStart);
    const live = company.endpoints.filter((e) => parseDay(e.startDate) <= parseDay(periodEnd));
    const fixed = Math.round(live.reduce((sum, e) => sum + e.monthlyCharge, 0) * 100) / 100;
    const invoiceNumber = `INV${periodStart.slice(2, 4)}${periodStart.slice(5, 7)}-${company.accountNumber}`;
    return data.invoices.add({
      company_id: company.id,
      invoice_number: invoiceNumber,
      bill_date: addDays(periodEnd, 5),
      period_start: periodStart,
      period_end: periodEnd,
      fixed_charges: fixed,
      web_data_physical_location: `invoices/${company.accountNumber}/${periodStart.slice(0, 7)}`,
      pdf_file_name: `${invoiceNumber}.pdf`,
      cdr_file_name: `${invoiceNumber}-calls.csv`,
    });
  });
}

/** Every column but the id, which the database numbers; records below list their values in this order. */
export const CDR_COLUMNS = databaseColumns.call_detail_records.filter((column) => column !== 'id');

const MB = 1024 * 1024;

/**
 * Call-detail records of one company's endpoints, month by month up to the day before the anchor. Records of
 * billed months carry their invoice; the current month's are unbilled. Streamed: the large set never sits in memory.
 */
export function* callDetailRecords(
  random: SeededRandom,
  company: CompanyFacts,
  invoiceIds: readonly number[],
  months: readonly string[],
  anchorDay: string,
  meanPerMonth: number,
): Generator<CopyValue[]> {
  const lastDay = addDays(anchorDay, -1);
  const allMonths = [...months, monthStart(anchorDay)];
  for (const endpoint of company.endpoints) {
    for (let m = 0; m < allMonths.length; m++) {
      const first = maxDay(allMonths[m]!, endpoint.startDate);
      const last = minDay(monthEnd(allMonths[m]!), lastDay);
      const days = daysBetween(first, last) + 1;
      if (days <= 0) continue;
      const expected = meanPerMonth * endpoint.usage * (days / 30);
      const count = Math.floor(expected + random.next());
      for (let i = 0; i < count; i++) {
        const day = addDays(first, random.int(0, days - 1));
        yield record(random, endpoint, invoiceIds[m] ?? null, timeOnDay(day, random.next()));
      }
    }
  }
}

function record(random: SeededRandom, endpoint: EndpointFacts, invoiceId: number | null, startedAt: Date): CopyValue[] {
  const kind =
    endpoint.typeId === 1
      ? random.weighted([
          ['voice', 55],
          ['sms', 20],
          ['data', 25],
        ] as const)
      : random.weighted([
          ['voice', 60],
          ['data', 40],
        ] as const);
  if (kind === 'voice') {
    const [destination, ratePerMinute] = random.weighted(voiceDestinations.map((d) => [d, d[2]] as const));
    const duration = Math.round(8 + random.next() ** 2 * 1_500);
    const cost = round4(ratePerMinute * Math.ceil(duration / 60));
    return [endpoint.id, invoiceId, startedAt, 'voice', destination, dialled(random, destination), duration, 0, cost];
  }
  if (kind === 'sms') {
    const international = random.chance(0.04);
    const destination = international ? 'International SMS' : 'UK SMS';
    return [
      endpoint.id,
      invoiceId,
      startedAt,
      'sms',
      destination,
      mobileNumber(random.int(0, 8_000_000)),
      0,
      0,
      international ? 0.12 : 0,
    ];
  }
  if (endpoint.typeId === 3) {
    const bytes = Math.round((0.2 + random.next() ** 2 * 30) * 1024 * MB);
    return [endpoint.id, invoiceId, startedAt, 'data', 'Broadband Data', null, random.int(600, 28_800), bytes, 0];
  }
  const roaming = random.chance(0.05);
  const bytes = Math.round((1 + random.next() ** 2 * 900) * MB);
  const cost = roaming ? round4((bytes / MB) * 0.01) : 0;
  return [
    endpoint.id,
    invoiceId,
    startedAt,
    'data',
    roaming ? 'EU Roaming Data' : 'UK Data',
    null,
    random.int(60, 7_200),
    bytes,
    cost,
  ];
}

function dialled(random: SeededRandom, destination: string): string {
  switch (destination) {
    case 'UK Mobile':
      return mobileNumber(random.int(0, 8_000_000));
    case 'UK Landline':
      return landlineNumber(random.int(0, 8_000_000));
    case 'Non-Geographic 03':
      return `0345${random.digits(7)}`;
    case 'Non-Geographic 08':
      return `0844${random.digits(7)}`;
    case 'Premium Rate':
      return `0906${random.digits(7)}`;
    default:
      return `00${random.pick(['33', '49', '353', '34', '1'])}${random.digits(9)}`;
  }
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}
