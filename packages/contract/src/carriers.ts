import { z } from 'zod';

export const ENDPOINT_TYPE = {
  mobile: 1,
  broadband: 3,
} as const;
export const ENDPOINT_TYPE_IDS = [ENDPOINT_TYPE.mobile, ENDPOINT_TYPE.broadband] as const;
export const EndpointTypeIdSchema = z.union([z.literal(ENDPOINT_TYPE.mobile), z.literal(ENDPOINT_TYPE.broadband)]);
export type EndpointTypeId = z.infer<typeof EndpointTypeIdSchema>;

export const MOBILE_CARRIERS = ['first', 'second'] as const;
export const MobileCarrierSchema = z.enum(MOBILE_CARRIERS);
export type MobileCarrier = z.infer<typeof MobileCarrierSchema>;

export const MOBILE_SUPPLIER_IDS_BY_CARRIER = {
  first: [33],
  second: [27, 36],
} as const satisfies Record<MobileCarrier, readonly number[]>;
export const MOBILE_SUPPLIER_IDS = [
  ...MOBILE_SUPPLIER_IDS_BY_CARRIER.first,
  ...MOBILE_SUPPLIER_IDS_BY_CARRIER.second,
] as const;
export type MobileSupplierId = (typeof MOBILE_SUPPLIER_IDS)[number];

/** Supplier 36 confirms bar changes and SIM swaps by email, so its users see different copy (spec section 8). */
export const EMAIL_CONFIRMING_SUPPLIER_ID = 36;

/** Which mobile carrier integration serves a supplier id; undefined for suppliers that are not integrated. */
export function mobileCarrierOfSupplier(supplierId: number): MobileCarrier | undefined {
  return MOBILE_CARRIERS.find((carrier) =>
    (MOBILE_SUPPLIER_IDS_BY_CARRIER[carrier] as readonly number[]).includes(supplierId),
  );
}

export const BROADBAND_CARRIER = {
  businessBroadband: 494,
  alternativeBroadband: 588,
} as const;
/** The broadband carriers eligible for diagnostics and online status. */
export const DIAGNOSTICS_CARRIER_IDS = [
  BROADBAND_CARRIER.businessBroadband,
  BROADBAND_CARRIER.alternativeBroadband,
] as const;

/**
 * The `{bbservice}` path segment of each diagnostics carrier's routes (spec 7; docs/decisions/0095): named after the
 * carrier, as the mobile carriers' are: Keystone Networks runs the business broadband (494), Skylark Fibre the
 * alternative broadband (588).
 */
export const BROADBAND_SERVICE_BY_CARRIER = {
  [BROADBAND_CARRIER.businessBroadband]: 'broadbandKeystone',
  [BROADBAND_CARRIER.alternativeBroadband]: 'broadbandSkylark',
} as const;
export type BroadbandServiceSegment = (typeof BROADBAND_SERVICE_BY_CARRIER)[keyof typeof BROADBAND_SERVICE_BY_CARRIER];

/** The diagnostics service of a contract's carrier; undefined for carriers without diagnostics. */
export function broadbandServiceOfCarrier(carrierId: number | null | undefined): BroadbandServiceSegment | undefined {
  return carrierId === BROADBAND_CARRIER.businessBroadband || carrierId === BROADBAND_CARRIER.alternativeBroadband
    ? BROADBAND_SERVICE_BY_CARRIER[carrierId]
    : undefined;
}

export function isDiagnosticsCarrier(carrierId: number): boolean {
  return (DIAGNOSTICS_CARRIER_IDS as readonly number[]).includes(carrierId);
}

export const PRODUCT_LINE = {
  standardBroadband: 8,
  fibre: 9,
} as const;
/** Both lines are the alternative broadband carrier's product. */
export const ALTERNATIVE_CARRIER_PRODUCT_LINES = [35, 36] as const;

export function isFibreProductLine(productLineId: number): boolean {
  return productLineId === PRODUCT_LINE.fibre;
}

/** Alternative-carrier lines keep only Live Status plus the fibre tests (spec section 9). */
export function isAlternativeCarrierProductLine(productLineId: number): boolean {
  return (ALTERNATIVE_CARRIER_PRODUCT_LINES as readonly number[]).includes(productLineId);
}

/** Only standard broadband lines have line usage and line history tabs (spec section 2.8). */
export function hasLineDiagnosticsHistory(productLineId: number): boolean {
  return productLineId === PRODUCT_LINE.standardBroadband;
}

/** A spend-limit bar is applied only when all three add-ons are present. */
export const SPEND_LIMIT_BAR_ADDON_IDS = [14, 44, 374] as const;
/** Tariff add-on type and page size used to fetch the spend-limit add-ons. */
export const SPEND_LIMIT_ADDON_TYPE = 3;
export const SPEND_LIMIT_ADDON_PAGE_SIZE = 100;
/** Bar 374 is a spend-limit add-on, not a user-facing bar, so the first carrier's bar list hides it. */
export const FIRST_CARRIER_HIDDEN_BAR_ID = 374;

export function isSpendLimitBarApplied(addonIds: ReadonlyArray<number>): boolean {
  return SPEND_LIMIT_BAR_ADDON_IDS.every((id) => addonIds.includes(id));
}

export const SIM_LENGTH = {
  first: { min: 11, max: 11 },
  second: { min: 15, max: 20 },
} as const satisfies Record<MobileCarrier, { min: number; max: number }>;
