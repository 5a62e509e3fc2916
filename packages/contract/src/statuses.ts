import { z } from 'zod';

/** Stored as text in the database; the status cell styles the last four (spec section 2.9). */
export const ORDER_STATUSES = ['Placed', 'In Progress', 'Awaiting Action', 'Succeeded', 'Failed'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Statuses shown with the pending style and icon. */
export const PENDING_ORDER_STATUSES = ['In Progress', 'Awaiting Action'] as const satisfies readonly OrderStatus[];

export const ORDER_STAGES = ['Validation', 'Provisioning', 'Engineer Appointment', 'Completion'] as const;
export const OrderStageSchema = z.enum(ORDER_STAGES);
export type OrderStage = z.infer<typeof OrderStageSchema>;

export const DIAGNOSTIC_STATUSES = ['running', 'success', 'failed', 'disconnected', 'suspended'] as const;
export const DiagnosticStatusSchema = z.enum(DIAGNOSTIC_STATUSES);
export type DiagnosticStatus = z.infer<typeof DiagnosticStatusSchema>;

export const CONTRACT_PRODUCT_TYPES = ['Additional', 'Inclusive'] as const;
export const ContractProductTypeSchema = z.enum(CONTRACT_PRODUCT_TYPES);
export type ContractProductType = z.infer<typeof ContractProductTypeSchema>;
