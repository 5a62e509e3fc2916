import { anyOf, type RouteAccess } from './access';
import { ENDPOINT_TYPE, type EndpointTypeId } from './carriers';
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

/**
 * Who may move a line to another site (the inline site edit, spec 6): Write on any estate code. Each line moved
 * also needs Write on a code of its own kind, which the server checks per line.
 */
export const ESTATE_LINE_WRITERS = anyOf(
  'Write',
  'MobileUserEstate',
  'MobileSiteEstate',
  'MobileTeamEstate',
  'BroadbandUserEstate',
  'BroadbandSiteEstate',
);

/**
 * The estate codes whose Write allows editing a line of each kind inline, or moving it (spec 6). A site manager edits
 * the site estate's tables, so the site and team codes count as well as the user estate's.
 */
export const LINE_WRITE_CODES: Readonly<Record<EndpointTypeId, readonly FunctionalityCode[]>> = {
  [ENDPOINT_TYPE.mobile]: ['MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate'],
  [ENDPOINT_TYPE.broadband]: ['BroadbandUserEstate', 'BroadbandSiteEstate'],
};
