import type { InvoiceChartPoint } from '@portal/contract';

/**
 * The invoice chart calls answer a point per company and bill month (decision 0065); the chart draws a bar per month
 * with a segment per company. Kept apart from the component so the grouping is tested on its own.
 */

export interface InvoiceChartCompany {
  id: number;
  name: string;
}

export interface InvoiceChartData {
  /** Bill months `YYYY-MM`, oldest first. */
  months: string[];
  /** The companies with a bill on the chart, in the order the API gives them (by name). */
  companies: InvoiceChartCompany[];
  /** `bills[month][company]`: that company's bill of that month, if it had one. */
  bills: Array<Array<InvoiceChartPoint | undefined>>;
}

export function toInvoiceChartData(points: readonly InvoiceChartPoint[]): InvoiceChartData {
  const months = [...new Set(points.map((point) => point.name.slice(0, 7)))].sort();
  const companies: InvoiceChartCompany[] = [];
  for (const point of points) {
    if (!companies.some((company) => company.id === point.companyId))
      companies.push({ id: point.companyId, name: point.companyName });
  }
  companies.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const bills = months.map((month) =>
    companies.map((company) =>
      points.find((point) => point.companyId === company.id && point.name.slice(0, 7) === month),
    ),
  );
  return { months, companies, bills };
}

/** The bills a month's bar stands for, in company order. */
export function billsOfMonth(chart: InvoiceChartData, monthIndex: number): InvoiceChartPoint[] {
  return (chart.bills[monthIndex] ?? []).filter((bill): bill is InvoiceChartPoint => bill !== undefined);
}

/** A company's figure per month (null where it had no bill), for its segment of the stacked bars. */
export function companyValues(chart: InvoiceChartData, companyIndex: number): Array<number | null> {
  return chart.bills.map((month) => month[companyIndex]?.value ?? null);
}

/** The height of each month's bar: its bills added up. */
export function monthTotals(chart: InvoiceChartData): number[] {
  return chart.bills.map((month) => month.reduce((sum, bill) => sum + (bill?.value ?? 0), 0));
}
