import { estateOperations, type FunctionalityCode, siteOperations, teamOperations } from '@portal/contract';

/** The two kinds of estate line: a mobile device or a broadband contract. */
export type LineKind = 'mobile' | 'broadband';

/** What the lines of a kind are called, and where the estate page of that kind is. */
export const LINE_KINDS = {
  mobile: {
    lines: 'Devices',
    line: 'device',
    countNoun: 'Device',
    estateTitle: 'Mobile Estate',
    estatePath: '/mobile/estate',
  },
  broadband: {
    lines: 'Contracts',
    line: 'contract',
    countNoun: 'Contract',
    estateTitle: 'Broadband Estate',
    estatePath: '/broadband/estate',
  },
} as const satisfies Record<LineKind, Record<string, string>>;

export type EstateGroupKind = 'site' | 'team' | 'broadbandSite';

/**
 * What differs between a site and a team of the mobile estate and a site of the broadband estate: its cards on the
 * estate page, its own page (mobile/site/{id}, mobile/team/{id}, broadband/site/{id}) and the line list and count
 * of each.
 */
export const ESTATE_GROUPS = {
  site: {
    /** The estate code whose Read shows the cards and the page, and whose Write edits the page's lines. */
    code: 'MobileSiteEstate',
    lineKind: 'mobile',
    plural: 'Sites',
    noun: 'site',
    singular: 'Site',
    param: 'siteId',
    list: siteOperations.list,
    get: siteOperations.get,
    lines: estateOperations.mobileHandsetsOfSite,
    /** The usage chart of the page, if it has one. */
    usage: 'site',
    pageTitle: 'Mobile Site Estate',
    path: (id: number | string) => `/mobile/site/${id}`,
  },
  team: {
    code: 'MobileTeamEstate',
    lineKind: 'mobile',
    plural: 'Teams',
    noun: 'team',
    singular: 'Team',
    param: 'teamId',
    list: teamOperations.list,
    get: teamOperations.get,
    lines: estateOperations.mobileHandsetsOfTeam,
    usage: 'team',
    pageTitle: 'Mobile Team Estate',
    path: (id: number | string) => `/mobile/team/${id}`,
  },
  broadbandSite: {
    code: 'BroadbandSiteEstate',
    lineKind: 'broadband',
    plural: 'Sites',
    noun: 'site',
    singular: 'Site',
    param: 'siteId',
    list: siteOperations.list,
    get: siteOperations.get,
    lines: estateOperations.broadbandConnectionsOfSite,
    usage: undefined,
    pageTitle: 'Broadband Site Estate',
    path: (id: number | string) => `/broadband/site/${id}`,
  },
} as const satisfies Record<
  EstateGroupKind,
  { code: FunctionalityCode; lineKind: LineKind; usage: 'site' | 'team' | undefined; [key: string]: unknown }
>;
