import { orderOperations } from '@portal/contract';

export type OrderKind = 'mobile' | 'broadband';

/** What differs between the two order lists and their detail pages. */
export const ORDER_KINDS = {
  mobile: { title: 'Mobile Orders', list: orderOperations.mobile },
  broadband: { title: 'Broadband Orders', list: orderOperations.broadband },
} as const satisfies Record<OrderKind, { title: string; list: unknown }>;
