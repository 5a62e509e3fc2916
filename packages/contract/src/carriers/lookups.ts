import {
  type AlertBars,
  type BroadbandCarrierEntry,
  CARRIER_REGISTRY,
  type CarrierEntry,
  type CarrierKey,
  type CarrierRegistry,
  type Carriers,
  type MobileCarrierEntry,
  type SimLength,
} from './registry';

// What the code asks of the registry; every answer is read from its entries, so a new entry is seen everywhere.

type KeysWhere<R, Condition> = { [K in keyof R]: R[K] extends Condition ? K : never }[keyof R] & string;

export type MobileCarrierKey = KeysWhere<Carriers, { kind: 'mobile' }>;
export type BroadbandCarrierKey = KeysWhere<Carriers, { kind: 'broadband' }>;
/** The carriers whose portal API has the family's shape. */
export type CarrierKeyOfFamily<F extends CarrierEntry['family']> = KeysWhere<Carriers, { family: F }>;

export type MobileSupplierId = Carriers[MobileCarrierKey]['supplierIds'][number];
export type DiagnosticsCarrierId = Carriers[BroadbandCarrierKey]['carrierId'];
export type CarrierPathSegment = Carriers[CarrierKey]['pathSegment'];

/** The registry's entries with their keys, in the registry's order. */
export function carrierEntries(registry: CarrierRegistry = CARRIER_REGISTRY): Array<[string, CarrierEntry]> {
  return Object.entries(registry);
}

export function mobileCarrierEntries(registry: CarrierRegistry = CARRIER_REGISTRY) {
  return carrierEntries(registry).filter((pair): pair is [string, MobileCarrierEntry] => pair[1].kind === 'mobile');
}

export function broadbandCarrierEntries(registry: CarrierRegistry = CARRIER_REGISTRY) {
  return carrierEntries(registry).filter(
    (pair): pair is [string, BroadbandCarrierEntry] => pair[1].kind === 'broadband',
  );
}

export const MOBILE_CARRIER_KEYS = mobileCarrierEntries().map(([key]) => key as MobileCarrierKey);
export const BROADBAND_CARRIER_KEYS = broadbandCarrierEntries().map(([key]) => key as BroadbandCarrierKey);

/** Every supplier id of an integrated mobile carrier (spec 9). */
export const MOBILE_SUPPLIER_IDS: readonly MobileSupplierId[] = mobileCarrierEntries().flatMap(
  ([, entry]) => entry.supplierIds as readonly MobileSupplierId[],
);

/** The broadband carriers eligible for diagnostics and online status (spec 9). */
export const DIAGNOSTICS_CARRIER_IDS: readonly DiagnosticsCarrierId[] = broadbandCarrierEntries().map(
  ([, entry]) => entry.carrierId as DiagnosticsCarrierId,
);

/** Which mobile carrier serves a supplier id; undefined for suppliers that are not integrated. */
export function mobileCarrierOfSupplier(supplierId: number | null | undefined): MobileCarrierKey | undefined {
  return MOBILE_CARRIER_KEYS.find((key) =>
    (CARRIER_REGISTRY[key].supplierIds as readonly number[]).includes(supplierId ?? Number.NaN),
  );
}

/** Which broadband carrier a contract's or line's carrier id is; undefined for carriers without diagnostics. */
export function broadbandCarrierOf(carrierId: number | null | undefined): BroadbandCarrierKey | undefined {
  return BROADBAND_CARRIER_KEYS.find((key) => CARRIER_REGISTRY[key].carrierId === carrierId);
}

export function isDiagnosticsCarrier(carrierId: number): boolean {
  return broadbandCarrierOf(carrierId) !== undefined;
}

/** Whether the supplier confirms bar changes and SIM swaps by e-mail, so its users see different copy (spec 8). */
export function confirmsChangesByEmail(supplierId: number): boolean {
  return mobileCarrierEntries().some(([, entry]) => entry.emailConfirmingSupplierIds.includes(supplierId));
}

/**
 * The bar of the kind a spend alert places on a line of the supplier (decision 0213), as its network names it;
 * undefined for a supplier that is not integrated.
 */
export function alertBarOf(supplierId: number, kind: keyof AlertBars): number | string | undefined {
  for (const [, entry] of mobileCarrierEntries()) {
    const bars = entry.supplierIds.includes(supplierId) ? entry.alertBars[supplierId] : undefined;
    if (bars) return bars[kind];
  }
  return undefined;
}

/** The digits a new SIM number has on each mobile carrier (spec 9), for the rules that check one. */
export const SIM_LENGTH = Object.fromEntries(mobileCarrierEntries().map(([key, entry]) => [key, entry.simLength])) as {
  readonly [K in MobileCarrierKey]: SimLength;
};

/** Lines of a carrier's own product lines keep only Live Status plus the fibre tests (spec 9). */
export function isCarrierOwnProductLine(productLineId: number): boolean {
  return broadbandCarrierEntries().some(([, entry]) => entry.ownProductLineIds.includes(productLineId));
}

/** How stored carrier requests and the simulators name a carrier: `mobile-` and its suppliers, `broadband-` and its id. */
export function carrierRequestKey(entry: CarrierEntry): string {
  return entry.kind === 'mobile' ? `mobile-${entry.supplierIds.join('-')}` : `broadband-${entry.carrierId}`;
}

/** The carrier whose requests are stored under a key; undefined for a key no carrier has. */
export function carrierOfRequestKey(requestKey: string): CarrierKey | undefined {
  return (Object.keys(CARRIER_REGISTRY) as CarrierKey[]).find(
    (key) => carrierRequestKey(CARRIER_REGISTRY[key]) === requestKey,
  );
}
