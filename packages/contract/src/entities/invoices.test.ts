import { describe, expect, it } from 'vitest';
import { ChartPointSchema, InvoiceChartPointSchema, InvoiceSchema, UsageSeriesSchema } from './invoices';

const invoice = {
  billDate: '2024-05-01',
  invoiceNumber: 'INV-1001',
  calls: 120,
  duration: 3600,
  bytes: 1_073_741_824,
  fixedCharges: 45.5,
  invoiceAmount: 99.99,
  webDataPhysicalLocation: '2024/05',
  pdfFileName: 'INV-1001.pdf',
  cdrFileName: 'INV-1001.csv',
  companyId: 7,
  companyName: 'Acme Logistics Ltd',
};

describe('InvoiceSchema', () => {
  it('accepts a valid invoice, including a credit', () => {
    expect(InvoiceSchema.safeParse(invoice).success).toBe(true);
    expect(InvoiceSchema.safeParse({ ...invoice, invoiceAmount: -12.34 }).success).toBe(true);
  });

  it('rejects sub-penny money, negative counts and timestamps for the bill date', () => {
    expect(InvoiceSchema.safeParse({ ...invoice, invoiceAmount: 10.001 }).success).toBe(false);
    expect(InvoiceSchema.safeParse({ ...invoice, calls: -1 }).success).toBe(false);
    expect(InvoiceSchema.safeParse({ ...invoice, billDate: '2024-05-01T00:00:00Z' }).success).toBe(false);
    expect(InvoiceSchema.safeParse({ ...invoice, billDate: '01/05/2024' }).success).toBe(false);
  });

  it('names the company the bill is addressed to', () => {
    const { companyName: _name, ...withoutName } = invoice;
    expect(InvoiceSchema.safeParse(withoutName).success).toBe(false);
    expect(InvoiceSchema.safeParse({ ...invoice, companyName: '' }).success).toBe(false);
    expect(InvoiceSchema.safeParse({ ...invoice, companyId: 0 }).success).toBe(false);
  });
});

describe('chart points and usage series', () => {
  it('names chart points by date', () => {
    expect(ChartPointSchema.safeParse({ name: '2024-05-01', value: 12.5 }).success).toBe(true);
    expect(ChartPointSchema.safeParse({ name: 'May 24', value: 12.5 }).success).toBe(false);
  });

  it('invoice points carry their company and the bill file', () => {
    const point = { name: '2024-05-01', value: 99.99 };
    const company = { companyId: 3, companyName: 'Acme Ltd' };
    const file = { webDataPhysicalLocation: '2024/05', pdfFileName: 'a.pdf' };
    expect(InvoiceChartPointSchema.safeParse({ ...point, ...file, ...company }).success).toBe(true);
    expect(InvoiceChartPointSchema.safeParse({ ...point, ...company }).success).toBe(false);
    expect(InvoiceChartPointSchema.safeParse({ ...point, ...file }).success).toBe(false);
    expect(InvoiceChartPointSchema.safeParse({ ...point, ...file, ...company, companyName: '' }).success).toBe(false);
  });

  it('usage series have optional axis settings', () => {
    const series = { name: 'Data', series: [{ name: '2024-05-01', value: 1 }] };
    expect(UsageSeriesSchema.safeParse(series).success).toBe(true);
    expect(UsageSeriesSchema.safeParse({ ...series, secondAxis: true, min: 0, max: 10 }).success).toBe(true);
    expect(UsageSeriesSchema.safeParse({ ...series, secondAxis: 'yes' }).success).toBe(false);
  });
});
