import { z } from 'zod';
import {
  CountSchema,
  IdSchema,
  IpAddressSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  NonEmptyStringSchema,
} from '../primitives';
import { OrderStageSchema, OrderStatusSchema } from '../statuses';

/** An order shows the status and stage of its slowest item. */
export const OrderSchema = z.object({
  orderId: IdSchema,
  reference: NonEmptyStringSchema,
  createdDate: IsoDateTimeSchema,
  slowestOrderItemStatus: OrderStatusSchema,
  slowestOrderItemStage: OrderStageSchema,
});
export type Order = z.infer<typeof OrderSchema>;

/** One shape for broadband and mobile items; the fields only one kind has are optional. */
export const OrderItemSchema = z.object({
  orderItemId: IdSchema,
  cli: NonEmptyStringSchema,
  product: NonEmptyStringSchema,
  orderItemType: NonEmptyStringSchema,
  /** The committed date. */
  notificationConnectionDate: IsoDateSchema.optional(),
  requiredBy: IsoDateSchema.optional(),
  appointmentReference: z.string().optional(),
  appointmentDate: IsoDateSchema.optional(),
  appointmentSlot: z.string().optional(),
  ipAddress: IpAddressSchema.optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  reference: z.string().optional(),
  simNumber: z
    .string()
    .regex(/^[0-9]+$/)
    .optional(),
  confirmedDate: IsoDateSchema.optional(),
  notes: z.string().optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const PendingCheckSchema = z.object({
  isPending: z.boolean(),
  daysPending: CountSchema,
});
export type PendingCheck = z.infer<typeof PendingCheckSchema>;
