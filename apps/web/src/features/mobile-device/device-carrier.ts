import {
  CARRIER_REGISTRY,
  confirmsChangesByEmail,
  type MobileCarrierKey,
  type MobileFirstOperations,
  type MobileSecondOperations,
  mobileCarrierOfSupplier,
  mobileDeviceOperations,
  NOTIFICATION_MESSAGES,
  type SimLength,
} from '@portal/contract';

type LineOf<Family, Operations> = {
  family: Family;
  /** The carrier's operations (its registry entry's, generated from its family). */
  operations: Operations;
  simLength: SimLength;
  supplierId: number;
  endpointId: number;
};

/**
 * A mobile line as its carrier knows it: the carrier's API family and operations, the supplier (network) and the
 * line's endpoint id. Which carrier serves a supplier is the registry's to say (docs/decisions/0165).
 */
export type CarrierLine = LineOf<'mobileFirst', MobileFirstOperations> | LineOf<'mobileSecond', MobileSecondOperations>;
export type FirstFamilyLine = Extract<CarrierLine, { family: 'mobileFirst' }>;

/** The carrier line of a device, or undefined when its supplier is not one of the integrated carriers. */
export function carrierLine(supplierId: number | undefined, endpointId: number): CarrierLine | undefined {
  const key: MobileCarrierKey | undefined = mobileCarrierOfSupplier(supplierId);
  if (supplierId === undefined || key === undefined) return undefined;
  const entry = CARRIER_REGISTRY[key];
  const line = { simLength: entry.simLength, supplierId, endpointId };
  // The operations of an entry are generated from its family, so the pair is the family's.
  return entry.family === 'mobileFirst'
    ? { ...line, family: entry.family, operations: mobileDeviceOperations[key] as MobileFirstOperations }
    : { ...line, family: entry.family, operations: mobileDeviceOperations[key] as MobileSecondOperations };
}

/** A supplier that confirms its changes by e-mail has its users told to expect one (spec 8). */
export function barChangeRequestedMessage(line: CarrierLine): string {
  return confirmsChangesByEmail(line.supplierId)
    ? NOTIFICATION_MESSAGES.barringChangesRequestedByEmail
    : NOTIFICATION_MESSAGES.barringChangesRequested;
}

export function simSwapRequestedMessage(line: CarrierLine): string {
  return confirmsChangesByEmail(line.supplierId)
    ? NOTIFICATION_MESSAGES.simSwapRequestedByEmail
    : NOTIFICATION_MESSAGES.simSwapRequested;
}
