// The vocabulary only: its zod schemas are in permission-schemas.ts, so that code using these constants and
// hasPermission (the web app's route table, on the sign-in page) does not bring zod along (docs/decisions/0184).

/** The functionality codes of spec section 3; the one permission vocabulary of server and web. */
export const FUNCTIONALITY_CODES = [
  'DownloadBill',
  'DownloadCDRs',
  'ViewMyBills',
  'MobileUserEstate',
  'MobileSiteEstate',
  'MobileTeamEstate',
  'BroadbandUserEstate',
  'BroadbandSiteEstate',
  'EndPointSummary',
  'EndPointCallBarring',
  'EndPointLiftSpendLimit',
  'EndPointSimSwap',
  'ManageSite',
  'ManageTeam',
  'ManageUser',
  'MobileOrders',
  'BroadbandOrders',
  'BroadbandDiagnostics',
  'BroadbandReportFault',
  // Beyond the spec: spend alert rules (docs/decisions/0213).
  'SpendAlerts',
  'AuditLog',
] as const;
export type FunctionalityCode = (typeof FUNCTIONALITY_CODES)[number];

/** In display order: the Access card and the user form list them Read, Write, Delete. */
export const ACCESS_TYPES = ['Read', 'Write', 'Delete'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const PROFILE_LEVELS = ['Company', 'Site', 'Team', 'EndPoint'] as const;
export type ProfileLevel = (typeof PROFILE_LEVELS)[number];

export type Permission = { code: FunctionalityCode; accessType: AccessType };

/** Exact pair match: holding Write does not imply Read (the user form keeps Read ticked itself, spec section 4). */
export function hasPermission(
  held: ReadonlyArray<Permission>,
  code: FunctionalityCode,
  accessType: AccessType,
): boolean {
  return held.some((permission) => permission.code === code && permission.accessType === accessType);
}

/** Sorts access types into display order without mutating the input. */
export function sortAccessTypes(accessTypes: ReadonlyArray<AccessType>): AccessType[] {
  return [...accessTypes].sort((a, b) => ACCESS_TYPES.indexOf(a) - ACCESS_TYPES.indexOf(b));
}

/** Roles that travel in the login reply; a route may demand one. Partner staff are the reseller's own people. */
export const ROLES = ['customer', 'partner-staff'] as const;
export type Role = (typeof ROLES)[number];
