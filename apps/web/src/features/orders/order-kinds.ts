import { orderEndpoints } from '@portal/contract';

export type OrderKind = 'mobile' | 'broadband';

/** What differs between the two order lists and their detail pages. */
export const ORDER_KINDS = {
  mobile: { title: 'Mobile Orders', list: orderEndpoints.mobile },
  broadband: { title: 'Broadband Orders', list: orderEndpoints.broadband },
} as const satisfies Record<OrderKind, { title: string; list: unknown }>;
