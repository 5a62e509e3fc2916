import { endpointEndpoints, type FunctionalityCode, siteEndpoints, teamEndpoints } from '@portal/contract';

export type EstateGroupKind = 'site' | 'team';

/**
 * What differs between a site and a team of the mobile estate: its cards on the estate page, its own page
 * (mobile/site/{id}, mobile/team/{id}) and the device list and count of each.
 */
export const ESTATE_GROUPS = {
  site: {
    /** The estate code whose Read shows the cards and the page, and whose Write edits the page's devices. */
    code: 'MobileSiteEstate',
    plural: 'Sites',
    noun: 'site',
    singular: 'Site',
    list: siteEndpoints.list,
    get: siteEndpoints.get,
    devices: endpointEndpoints.mobileHandsetsOfSite,
    pageTitle: 'Mobile Site Estate',
    path: (id: number | string) => `/mobile/site/${id}`,
  },
  team: {
    code: 'MobileTeamEstate',
    plural: 'Teams',
    noun: 'team',
    singular: 'Team',
    list: teamEndpoints.list,
    get: teamEndpoints.get,
    devices: endpointEndpoints.mobileHandsetsOfTeam,
    pageTitle: 'Mobile Team Estate',
    path: (id: number | string) => `/mobile/team/${id}`,
  },
} as const satisfies Record<EstateGroupKind, { code: FunctionalityCode; [key: string]: unknown }>;
