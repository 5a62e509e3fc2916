import { z } from 'zod';
import { ApiErrorSchema } from '../api';
import { CountSchema, IdSchema, IsoDateSchema, NonEmptyStringSchema } from '../primitives';

// The first carrier's snake_case field names are its own API's and are kept so its replies parse unchanged.

const DigitsSchema = z.string().regex(/^[0-9]+$/);

export const FirstCarrierAddonSchema = z.object({
  id: IdSchema,
  name: NonEmptyStringSchema,
  type: IdSchema,
});
export type FirstCarrierAddon = z.infer<typeof FirstCarrierAddonSchema>;

export const SpendLimitSchema = z.object({
  /** Pence; shown divided by 100. */
  value: CountSchema,
  effective_from: IsoDateSchema,
  effective_until: IsoDateSchema.optional(),
});
export type SpendLimit = z.infer<typeof SpendLimitSchema>;

export const FirstCarrierMobileDetailsSchema = z.object({
  serial_number: z.object({ number: DigitsSchema }),
  addons: z.array(FirstCarrierAddonSchema),
  monitoring_settings: z.object({ spend_limit: SpendLimitSchema.optional() }),
  lifted: z.boolean(),
  barApplied: z.boolean(),
});
export type FirstCarrierMobileDetails = z.infer<typeof FirstCarrierMobileDetailsSchema>;

export const FirstCarrierBarSchema = z.object({
  id: IdSchema,
  name: NonEmptyStringSchema,
  active: z.boolean(),
});
export type FirstCarrierBar = z.infer<typeof FirstCarrierBarSchema>;

export const SecondCarrierBarSchema = z.object({
  networkSuffix: NonEmptyStringSchema,
  description: NonEmptyStringSchema,
  active: z.boolean(),
});
export type SecondCarrierBar = z.infer<typeof SecondCarrierBarSchema>;

export const SecondCarrierMobileDetailsSchema = z.object({
  simNo: DigitsSchema,
  bars: z.array(SecondCarrierBarSchema.pick({ networkSuffix: true })),
});
export type SecondCarrierMobileDetails = z.infer<typeof SecondCarrierMobileDetailsSchema>;

/** The spend-limit monitoring of a first-carrier line, as the device page's Spend Limit field reads it (spec 4). */
export const SpendLimitStatusSchema = z.object({
  lifted: z.boolean(),
  barApplied: z.boolean(),
  spendLimit: SpendLimitSchema.nullable(),
});
export type SpendLimitStatus = z.infer<typeof SpendLimitStatusSchema>;

/**
 * A change accepted for a carrier: stored, then sent by the worker (docs/decisions/0080). A repeat of a change still
 * open on the line answers that request, which may already be `sent` (docs/decisions/0087).
 */
export const CarrierRequestAcceptedSchema = z.object({
  id: IdSchema,
  status: z.enum(['queued', 'sent']),
});
export type CarrierRequestAccepted = z.infer<typeof CarrierRequestAcceptedSchema>;

const BarIdsSchema = z.array(IdSchema).max(100);
const NetworkSuffixesSchema = z.array(z.string().trim().min(1).max(20)).max(100);

export const FirstCarrierBarChangeSchema = z.strictObject({
  barsToAdd: BarIdsSchema,
  barsToRemove: BarIdsSchema,
  orderItemId: IdSchema,
  /** Whether the 'In Progress' event is written on the order item; the portal always sends true. */
  addEvent: z.boolean().default(true),
});
export const SecondCarrierBarChangeSchema = z.strictObject({
  barsToAdd: NetworkSuffixesSchema,
  barsToRemove: NetworkSuffixesSchema,
  orderItemId: IdSchema,
});
export const SpendLimitUnbarSchema = z.strictObject({
  orderItemId: IdSchema,
  addEvent: z.boolean().default(true),
});

/**
 * What a call that reaches a carrier may answer besides the usual errors: 502 when the carrier answered something
 * unusable or refused a read, 503 when it is down or its circuit is open, 504 when it did not answer in time.
 */
export const CARRIER_CALL_ERRORS = { 502: ApiErrorSchema, 503: ApiErrorSchema, 504: ApiErrorSchema } as const;

/** A change also answers 409 when another change of the line is still open (docs/decisions/0087). */
export const CARRIER_CHANGE_ERRORS = { ...CARRIER_CALL_ERRORS, 409: ApiErrorSchema } as const;
