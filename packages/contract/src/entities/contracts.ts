import { z } from 'zod';
import {
  CountSchema,
  IdSchema,
  IpAddressSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  NonEmptyStringSchema,
} from '../primitives';
import { ContractProductTypeSchema, OrderStatusSchema } from '../statuses';

/**
 * A mobile or broadband contract. Broadband contracts name their carrier, mobile ones their supplier; the
 * username, password and IP address exist only for broadband.
 */
export const ContractSchema = z
  .object({
    orderItemId: IdSchema,
    carrierId: IdSchema.optional(),
    supplierId: IdSchema.optional(),
    /** Broadband only (8 broadband, 9 fibre, 35 and 36 the alternative carrier's); mobile lines have none. */
    productLineId: IdSchema.optional(),
    contractShortStatus: NonEmptyStringSchema,
    orderNumber: NonEmptyStringSchema,
    orderCreatedDate: IsoDateTimeSchema,
    customerStartDate: IsoDateSchema,
    customerEndDate: IsoDateSchema.optional(),
    /** Months. */
    customerDuration: z.number().int().positive().optional(),
    product: NonEmptyStringSchema,
    username: z.string().optional(),
    password: z.string().optional(),
    ipAddress: IpAddressSchema.optional(),
  })
  .refine((contract) => contract.carrierId !== undefined || contract.supplierId !== undefined, {
    message: 'A contract needs a carrierId or a supplierId',
    path: ['carrierId'],
  });
export type Contract = z.infer<typeof ContractSchema>;

export const ContractProductSchema = z.object({
  description: NonEmptyStringSchema,
  /** The quantity shown in the products card. */
  value: CountSchema,
  type: ContractProductTypeSchema,
});
export type ContractProduct = z.infer<typeof ContractProductSchema>;

export const OrderEventSchema = z.object({
  createdDate: IsoDateTimeSchema,
  user: z.string(),
  notes: z.string(),
  status: OrderStatusSchema,
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** A row of an order item's events list: every field is optional because `$select` picks them. */
export const OrderEventListItemSchema = OrderEventSchema.partial();
export type OrderEventListItem = z.infer<typeof OrderEventListItemSchema>;
