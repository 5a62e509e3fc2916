import type { InvoiceChartPoint } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { billsOfMonth, companyValues, monthTotals, toInvoiceChartData } from './invoice-chart-data';

function bill(name: string, companyId: number, value: number): InvoiceChartPoint {
  const companyName = companyId === 1 ? 'Initech Holdings Ltd' : 'Initech Field Services Ltd';
  return { name, value, companyId, companyName, webDataPhysicalLocation: `c${companyId}`, pdfFileName: `${name}.pdf` };
}

describe('toInvoiceChartData', () => {
  // The API's order: by month, companies by name within it. The second company has no October bill.
  const points = [bill('2026-10-05', 1, 100), bill('2026-11-05', 2, 192.06), bill('2026-11-05', 1, 242.41)];

  it('gives a bar per month with a segment per company, companies by name', () => {
    const chart = toInvoiceChartData(points);
    expect(chart.months).toEqual(['2026-10', '2026-11']);
    expect(chart.companies).toEqual([
      { id: 2, name: 'Initech Field Services Ltd' },
      { id: 1, name: 'Initech Holdings Ltd' },
    ]);
    expect([0, 1].map((index) => companyValues(chart, index))).toEqual([
      [null, 192.06],
      [100, 242.41],
    ]);
    expect(monthTotals(chart)).toEqual([100, 192.06 + 242.41]);
  });

  it("lists the bills a month's bar stands for", () => {
    const chart = toInvoiceChartData(points);
    expect(billsOfMonth(chart, 1).map((one) => [one.companyName, one.value])).toEqual([
      ['Initech Field Services Ltd', 192.06],
      ['Initech Holdings Ltd', 242.41],
    ]);
    expect(billsOfMonth(chart, 0).map((one) => one.pdfFileName)).toEqual(['2026-10-05.pdf']);
    expect(billsOfMonth(chart, 5)).toEqual([]);
  });

  it('has no months for no bills', () => {
    expect(toInvoiceChartData([])).toEqual({ months: [], companies: [], bills: [] });
  });
});
