import { z } from 'zod';

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
] as const;
export const FunctionalityCodeSchema = z.enum(FUNCTIONALITY_CODES);
export type FunctionalityCode = z.infer<typeof FunctionalityCodeSchema>;

/** In display order: the Access card and the user form list them Read, Write, Delete. */
export const ACCESS_TYPES = ['Read', 'Write', 'Delete'] as const;
export const AccessTypeSchema = z.enum(ACCESS_TYPES);
export type AccessType = z.infer<typeof AccessTypeSchema>;

export const PROFILE_LEVELS = ['Company', 'Site', 'Team', 'EndPoint'] as const;
export const ProfileLevelSchema = z.enum(PROFILE_LEVELS);
export type ProfileLevel = z.infer<typeof ProfileLevelSchema>;

export const PermissionSchema = z.object({
  code: FunctionalityCodeSchema,
  accessType: AccessTypeSchema,
});
export type Permission = z.infer<typeof PermissionSchema>;

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
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;
