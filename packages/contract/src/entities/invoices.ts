import { z } from 'zod';
import { CountSchema, IdSchema, IsoDateSchema, MoneySchema, NonEmptyStringSchema } from '../primitives';

/** A bill, with the company it is addressed to: a caller may see the bills of several companies. */
export const InvoiceSchema = z.object({
  billDate: IsoDateSchema,
  invoiceNumber: NonEmptyStringSchema,
  calls: CountSchema,
  /** Seconds. */
  duration: CountSchema,
  bytes: CountSchema,
  fixedCharges: MoneySchema,
  invoiceAmount: MoneySchema,
  webDataPhysicalLocation: NonEmptyStringSchema,
  pdfFileName: NonEmptyStringSchema,
  cdrFileName: NonEmptyStringSchema,
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const ChartPointSchema = z.object({
  name: IsoDateSchema,
  value: z.number().finite(),
});
export type ChartPoint = z.infer<typeof ChartPointSchema>;

/**
 * One company's bill of one bill month. The company says whose figure it is (a caller with several companies gets a
 * point per company and month); the file location lets a click download that bill.
 */
export const InvoiceChartPointSchema = ChartPointSchema.extend({
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
  webDataPhysicalLocation: NonEmptyStringSchema,
  pdfFileName: NonEmptyStringSchema,
});
export type InvoiceChartPoint = z.infer<typeof InvoiceChartPointSchema>;

/** GET /api/invoices/unbilledCalls: voice calls not yet on a bill. */
export const UnbilledCallsSchema = z.object({ value: CountSchema });
export type UnbilledCalls = z.infer<typeof UnbilledCallsSchema>;

/** GET /api/invoices/download: an invoice's location and one of its two file names, exactly as the list gave them. */
export const InvoiceDownloadQuerySchema = z.object({
  webDataPhysicalLocation: NonEmptyStringSchema.max(500),
  fileName: NonEmptyStringSchema.max(255),
});
export type InvoiceDownloadQuery = z.infer<typeof InvoiceDownloadQuerySchema>;

export const UsageSeriesSchema = z.object({
  name: NonEmptyStringSchema,
  series: z.array(ChartPointSchema),
  secondAxis: z.boolean().optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
});
export type UsageSeries = z.infer<typeof UsageSeriesSchema>;

/**
 * The series names of the usage replies (GET /api/{endpoints,sites,teams}/{id}/monthlyUsage and /uninvoicedUsage,
 * /api/users/monthlyUsage, /api/endpoints/{id}/broadbandUsage), and so how a chart formats each: Cost in pounds
 * (on the second axis), Duration in seconds, Calls a count of voice calls, Data in bytes.
 */
export const USAGE_SERIES = { cost: 'Cost', duration: 'Duration', calls: 'Calls', data: 'Data' } as const;
export type UsageSeriesName = (typeof USAGE_SERIES)[keyof typeof USAGE_SERIES];

/** The series of a broadband line's line usage (GET /api/endpoints/{id}/lineUsage, docs/decisions/0104). */
export const LINE_USAGE_SERIES = { timeOnline: 'Time Online', sessions: 'Sessions' } as const;
