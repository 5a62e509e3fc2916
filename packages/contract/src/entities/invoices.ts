import { z } from 'zod';
import { CountSchema, IsoDateSchema, MoneySchema, NonEmptyStringSchema } from '../primitives';

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
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const ChartPointSchema = z.object({
  name: IsoDateSchema,
  value: z.number().finite(),
});
export type ChartPoint = z.infer<typeof ChartPointSchema>;

/** Invoice chart bars carry the file location so a click can download that bill. */
export const InvoiceChartPointSchema = ChartPointSchema.extend({
  webDataPhysicalLocation: NonEmptyStringSchema,
  pdfFileName: NonEmptyStringSchema,
});
export type InvoiceChartPoint = z.infer<typeof InvoiceChartPointSchema>;

export const UsageSeriesSchema = z.object({
  name: NonEmptyStringSchema,
  series: z.array(ChartPointSchema),
  secondAxis: z.boolean().optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
});
export type UsageSeries = z.infer<typeof UsageSeriesSchema>;
