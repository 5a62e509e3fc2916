import type { RouteAccess } from './access';
import type { FunctionalityCode } from './permissions';

const read = (...codes: FunctionalityCode[]) => codes.map((code) => ({ code, accessType: 'Read' as const }));
const write = (...codes: FunctionalityCode[]) => codes.map((code) => ({ code, accessType: 'Write' as const }));

/**
 * Who may read sites and teams (docs/decisions/0078): whoever views their estate pages or manages them, and whoever
 * may edit a device inline, since that editor chooses the device's site and teams (Write on any estate code).
 */
export const ESTATE_READERS = {
  sites: {
    anyOf: [
      ...read('MobileSiteEstate', 'BroadbandSiteEstate', 'ManageSite'),
      ...write('ManageSite', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate'),
      ...write('BroadbandUserEstate', 'BroadbandSiteEstate'),
    ],
  },
  teams: {
    anyOf: [
      ...read('MobileTeamEstate', 'ManageTeam'),
      ...write('ManageTeam', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate'),
    ],
  },
} as const satisfies Record<string, RouteAccess>;
