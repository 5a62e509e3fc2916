import { ENDPOINT_TYPE, type EndpointTypeId, type FunctionalityCode } from '@portal/contract';
import type { Principal } from '../../auth/principal.js';

/**
 * Who may read a contract. EndPointSummary Read opens the device and contract pages (spec 6), so it reads both
 * kinds; the estate codes show the same lines in the estate tables, so each reads its own kind. The estate scope
 * still decides which lines.
 */
const readersByType: Record<EndpointTypeId, readonly FunctionalityCode[]> = {
  [ENDPOINT_TYPE.mobile]: ['EndPointSummary', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate'],
  [ENDPOINT_TYPE.broadband]: ['EndPointSummary', 'BroadbandUserEstate', 'BroadbandSiteEstate'],
};

const everyReader = [...new Set(Object.values(readersByType).flat())];

/** The route guard: any code that reads some contract (403 without one). */
export const readContracts = {
  anyOf: everyReader.map((code) => ({ code, accessType: 'Read' as const })),
};

/** The endpoint types whose contracts the caller may read. */
export function readableContractTypes(principal: Principal): EndpointTypeId[] {
  return (Object.keys(readersByType).map(Number) as EndpointTypeId[]).filter((type) =>
    readersByType[type].some((code) => principal.can(code, 'Read')),
  );
}
