import { z } from 'zod';

export const ENDPOINT_TYPE = {
  mobile: 1,
  broadband: 3,
} as const;
export const ENDPOINT_TYPE_IDS = [ENDPOINT_TYPE.mobile, ENDPOINT_TYPE.broadband] as const;
export const EndpointTypeIdSchema = z.union([z.literal(ENDPOINT_TYPE.mobile), z.literal(ENDPOINT_TYPE.broadband)]);
export type EndpointTypeId = z.infer<typeof EndpointTypeIdSchema>;

export const PRODUCT_LINE = {
  standardBroadband: 8,
  fibre: 9,
} as const;
export function isFibreProductLine(productLineId: number): boolean {
  return productLineId === PRODUCT_LINE.fibre;
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

export function isSpendLimitBarApplied(addonIds: ReadonlyArray<number>): boolean {
  return SPEND_LIMIT_BAR_ADDON_IDS.every((id) => addonIds.includes(id));
}
