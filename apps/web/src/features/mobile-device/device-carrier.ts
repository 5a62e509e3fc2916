import {
  EMAIL_CONFIRMING_SUPPLIER_ID,
  type MobileCarrier,
  mobileCarrierOfSupplier,
  NOTIFICATION_MESSAGES,
} from '@portal/contract';

/** A mobile line as its carrier knows it: which carrier, which supplier (network), and the line's endpoint id. */
export type CarrierLine =
  | { carrier: 'first'; supplierId: 33; endpointId: number }
  | { carrier: 'second'; supplierId: 27 | 36; endpointId: number };

/** The carrier line of a device, or undefined when its supplier is not one of the integrated carriers. */
export function carrierLine(supplierId: number | undefined, endpointId: number): CarrierLine | undefined {
  if (supplierId === undefined) return undefined;
  const carrier: MobileCarrier | undefined = mobileCarrierOfSupplier(supplierId);
  if (carrier === 'first') return { carrier, supplierId: 33, endpointId };
  if (carrier === 'second' && (supplierId === 27 || supplierId === 36)) return { carrier, supplierId, endpointId };
  return undefined;
}

/** Supplier 36 confirms its changes by e-mail, so its users are told to expect one (spec 8). */
export function barChangeRequestedMessage(line: CarrierLine): string {
  return line.supplierId === EMAIL_CONFIRMING_SUPPLIER_ID
    ? NOTIFICATION_MESSAGES.barringChangesRequestedByEmail
    : NOTIFICATION_MESSAGES.barringChangesRequested;
}

export function simSwapRequestedMessage(line: CarrierLine): string {
  return line.supplierId === EMAIL_CONFIRMING_SUPPLIER_ID
    ? NOTIFICATION_MESSAGES.simSwapRequestedByEmail
    : NOTIFICATION_MESSAGES.simSwapRequested;
}
