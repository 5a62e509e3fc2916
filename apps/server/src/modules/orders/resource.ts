import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/**
 * An order list (spec 2.13: Date, Reference, Status, Stage; newest first). `orderId` is filterable so the order
 * page can read its heading with `$filter=orderId eq 42`: the spec names no by-id call for orders. The base query
 * joins the order's company, so a caller with several companies can tell the orders apart (decision 0056).
 */
export const ordersResource = defineODataResource<Database, 'orders' | 'companies'>()({
  name: 'orders',
  fields: {
    orderId: { type: 'number', column: 'orders.id' },
    reference: { type: 'string', column: 'orders.reference' },
    createdDate: { type: 'datetime', column: 'orders.created_date' },
    slowestOrderItemStatus: { type: 'string', column: 'orders.slowest_order_item_status' },
    slowestOrderItemStage: { type: 'string', column: 'orders.slowest_order_item_stage' },
    companyId: { type: 'number', column: 'orders.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
  },
  key: 'orders.id',
  defaultOrder: [{ field: 'createdDate', direction: 'desc' }],
});

/** The items of one order (spec 2.13 detail tables; broadband and mobile items share one shape). */
export const orderItemsResource = defineODataResource<Database, 'order_items' | 'orders'>()({
  name: 'order items',
  fields: {
    orderItemId: { type: 'number', column: 'order_items.id' },
    cli: { type: 'string', column: 'order_items.cli' },
    product: { type: 'string', column: 'order_items.product' },
    orderItemType: { type: 'string', column: 'order_items.order_item_type' },
    notificationConnectionDate: { type: 'date', column: 'order_items.notification_connection_date', nullable: true },
    requiredBy: { type: 'date', column: 'order_items.required_by', nullable: true },
    appointmentReference: { type: 'string', column: 'order_items.appointment_reference', nullable: true },
    appointmentDate: { type: 'date', column: 'order_items.appointment_date', nullable: true },
    appointmentSlot: { type: 'string', column: 'order_items.appointment_slot', nullable: true },
    // inet as the bare address ('100.64.0.7', not '100.64.0.7/32'), so it reads and filters as text.
    ipAddress: { type: 'string', expression: sql`host(order_items.ip_address)`, nullable: true },
    username: { type: 'string', column: 'order_items.username', nullable: true },
    password: { type: 'string', column: 'order_items.password', nullable: true, filterable: false },
    reference: { type: 'string', column: 'order_items.reference', nullable: true },
    simNumber: { type: 'string', column: 'order_items.sim_number', nullable: true },
    confirmedDate: { type: 'date', column: 'order_items.confirmed_date', nullable: true },
    notes: { type: 'string', column: 'order_items.notes', nullable: true },
  },
  key: 'order_items.id',
  defaultOrder: [{ field: 'orderItemId', direction: 'asc' }],
});

/** An order item's history (the events cards of the device and contract pages: newest first). */
export const orderEventsResource = defineODataResource<Database, 'order_events'>()({
  name: 'order events',
  fields: {
    createdDate: { type: 'datetime', column: 'order_events.created_date' },
    user: { type: 'string', column: 'order_events.user_name' },
    notes: { type: 'string', column: 'order_events.notes' },
    status: { type: 'string', column: 'order_events.status' },
  },
  key: 'order_events.id',
  defaultOrder: [{ field: 'createdDate', direction: 'desc' }],
});
