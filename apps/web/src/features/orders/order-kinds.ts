export type OrderKind = 'mobile' | 'broadband';

/** What differs between the two order lists and their detail pages. */
export const ORDER_KINDS: Record<OrderKind, { title: string; listPath: string }> = {
  mobile: { title: 'Mobile Orders', listPath: '/api/orders/mobile' },
  broadband: { title: 'Broadband Orders', listPath: '/api/orders/broadband' },
};
