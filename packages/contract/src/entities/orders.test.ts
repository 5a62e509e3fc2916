import { describe, expect, it } from 'vitest';
import { ContractProductSchema, ContractSchema, OrderEventSchema } from './contracts';
import { OrderItemSchema, OrderSchema, PendingCheckSchema } from './orders';

describe('OrderSchema', () => {
  const order = {
    orderId: 1,
    reference: 'ORD-1',
    createdDate: '2024-05-01T09:30:00Z',
    slowestOrderItemStatus: 'In Progress',
    slowestOrderItemStage: 'Engineer Appointment',
    companyId: 3,
    companyName: 'Initech Field Services Ltd',
  };

  it('accepts the stored status and stage texts', () => {
    expect(OrderSchema.safeParse(order).success).toBe(true);
    expect(OrderSchema.safeParse({ ...order, slowestOrderItemStatus: 'Placed' }).success).toBe(true);
  });

  it('rejects unknown statuses, stages and date-only timestamps', () => {
    expect(OrderSchema.safeParse({ ...order, slowestOrderItemStatus: 'InProgress' }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, slowestOrderItemStage: 'Shipping' }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, createdDate: '2024-05-01' }).success).toBe(false);
  });

  it('names the company that placed the order', () => {
    const { companyId: _id, ...withoutId } = order;
    expect(OrderSchema.safeParse(withoutId).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, companyName: '' }).success).toBe(false);
  });
});

describe('OrderItemSchema', () => {
  it('accepts broadband and mobile items', () => {
    const base = { orderItemId: 4, cli: '01132000000', product: 'Fibre 80', orderItemType: 'Provide' };
    expect(
      OrderItemSchema.safeParse({
        ...base,
        appointmentDate: '2024-05-10',
        appointmentSlot: 'AM',
        ipAddress: '10.0.0.1',
      }).success,
    ).toBe(true);
    expect(OrderItemSchema.safeParse({ ...base, simNumber: '89441000000000000000' }).success).toBe(true);
    expect(OrderItemSchema.safeParse({ ...base, simNumber: '8944-1000' }).success).toBe(false);
    expect(OrderItemSchema.safeParse({ ...base, ipAddress: '999.1.1.1' }).success).toBe(false);
  });
});

describe('PendingCheckSchema', () => {
  it('needs a whole, non-negative day count', () => {
    expect(PendingCheckSchema.safeParse({ isPending: true, daysPending: 3 }).success).toBe(true);
    expect(PendingCheckSchema.safeParse({ isPending: true, daysPending: 1.5 }).success).toBe(false);
  });
});

describe('ContractSchema', () => {
  const contract = {
    orderItemId: 7,
    carrierId: 494,
    productLineId: 8,
    contractShortStatus: 'Live',
    orderNumber: 'ORD-7',
    orderCreatedDate: '2023-01-05T10:00:00Z',
    customerStartDate: '2023-02-01',
    product: 'Business Broadband',
    username: 'acme@isp',
    password: 'secret',
    ipAddress: '192.0.2.10',
  };

  it('accepts a broadband contract and a mobile one', () => {
    expect(ContractSchema.safeParse(contract).success).toBe(true);
    const { carrierId: _unused, username: _u, password: _p, ipAddress: _i, ...mobile } = contract;
    expect(ContractSchema.safeParse({ ...mobile, supplierId: 33, customerDuration: 24 }).success).toBe(true);
  });

  it('needs a carrier or a supplier', () => {
    const { carrierId: _unused, ...withoutCarrier } = contract;
    expect(ContractSchema.safeParse(withoutCarrier).success).toBe(false);
  });

  it('counts the duration in whole months', () => {
    expect(ContractSchema.safeParse({ ...contract, customerDuration: 0 }).success).toBe(false);
    expect(ContractSchema.safeParse({ ...contract, customerDuration: 1.5 }).success).toBe(false);
  });

  it('types products and events', () => {
    expect(ContractProductSchema.safeParse({ description: 'Static IP', value: 1, type: 'Additional' }).success).toBe(
      true,
    );
    expect(ContractProductSchema.safeParse({ description: 'Static IP', value: 1, type: 'Extra' }).success).toBe(false);
    const event = { createdDate: '2024-05-01T09:30:00Z', user: 'jo', notes: 'SIM swap', status: 'Succeeded' };
    expect(OrderEventSchema.safeParse(event).success).toBe(true);
    expect(OrderEventSchema.safeParse({ ...event, status: 'Done' }).success).toBe(false);
  });
});
