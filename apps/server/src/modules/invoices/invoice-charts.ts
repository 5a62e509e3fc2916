import type { InvoiceChartPoint } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EstateCaller } from '../../estate/estate-scope.js';
import { toPence } from './files/formats.js';
import { invoicesInEstate } from './invoice-scope.js';

/** The My Bills charts show a year: the latest 12 bill months. */
export const CHART_MONTHS = 12;

export type ChartMeasure = 'calls' | 'duration' | 'cost';

type BillRow = {
  id: number;
  bill_date: string;
  calls: number;
  duration: number;
  invoice_amount: number;
  web_data_physical_location: string;
  pdf_file_name: string;
};

/**
 * One point per bill month of the caller's estate, oldest first. With several companies a month's bills are summed
 * (the chart shows what the caller was billed that month); the point's date and file are those of the month's
 * largest bill, so a click on the bar downloads a real bill. `companyId` narrows it to one company's own bills.
 */
export async function invoiceChart(
  db: Kysely<Database>,
  caller: EstateCaller,
  measure: ChartMeasure,
  companyId?: number,
): Promise<InvoiceChartPoint[]> {
  const scoped = () =>
    invoicesInEstate(db, caller).$if(companyId !== undefined, (query) =>
      query.where('invoices.company_id', '=', companyId ?? 0),
    );
  const billMonth = sql<string>`to_char(invoices.bill_date, 'YYYY-MM')`;
  const latestMonths = scoped().select(billMonth.as('month')).distinct().orderBy('month', 'desc').limit(CHART_MONTHS);
  const rows: BillRow[] = await scoped()
    .select([
      'invoices.id',
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
  return byBillMonth(rows).map((bills) => chartPoint(bills, measure));
}

function byBillMonth(rows: readonly BillRow[]): BillRow[][] {
  const months = new Map<string, BillRow[]>();
  for (const row of rows) {
    const month = row.bill_date.slice(0, 7);
    const bills = months.get(month);
    if (bills) bills.push(row);
    else months.set(month, [row]);
  }
  return [...months.values()];
}

function chartPoint(bills: readonly BillRow[], measure: ChartMeasure): InvoiceChartPoint {
  // Money is summed in pence, so twelve bills never drift by a binary fraction.
  const largest = bills.reduce((best, bill) =>
    toPence(bill.invoice_amount) > toPence(best.invoice_amount) ? bill : best,
  );
  const total = (field: 'calls' | 'duration') => bills.reduce((sum, bill) => sum + Number(bill[field]), 0);
  const value =
    measure === 'cost'
      ? bills.reduce((sum, bill) => sum + toPence(bill.invoice_amount), 0) / 100
      : total(measure === 'calls' ? 'calls' : 'duration');
  return {
    name: largest.bill_date,
    value,
    webDataPhysicalLocation: largest.web_data_physical_location,
    pdfFileName: largest.pdf_file_name,
  };
}
