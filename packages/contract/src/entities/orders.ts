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

/** An order shows the status and stage of its slowest item, and the company that placed it. */
export const OrderSchema = z.object({
  orderId: IdSchema,
  reference: NonEmptyStringSchema,
  createdDate: IsoDateTimeSchema,
  slowestOrderItemStatus: OrderStatusSchema,
  slowestOrderItemStage: OrderStageSchema,
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
});
export type Order = z.infer<typeof OrderSchema>;

/** Orders are listed per kind: `/api/orders/mobile` and `/api/orders/broadband`. */
export const ORDER_TYPES = ['mobile', 'broadband'] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderTypeSchema>;

/** A row of an order list: every field is optional because `$select` picks them. */
export const OrderListItemSchema = OrderSchema.partial();
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

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

/** A row of an order's items list (`$select` may leave any field out; a field with no value is absent). */
export const OrderItemListItemSchema = OrderItemSchema.partial();
export type OrderItemListItem = z.infer<typeof OrderItemListItemSchema>;

/**
 * Whether a line has a request for changes in flight, and for how many whole days the oldest has waited
 * (PENDING_THRESHOLD_DAYS decides which message the page shows).
 */
export const PendingCheckSchema = z.object({
  isPending: z.boolean(),
  daysPending: CountSchema,
});
export type PendingCheck = z.infer<typeof PendingCheckSchema>;
