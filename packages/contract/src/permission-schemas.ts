import { z } from 'zod';
import { ACCESS_TYPES, FUNCTIONALITY_CODES, PROFILE_LEVELS, ROLES } from './permissions';

// The schemas of the permission vocabulary, apart from it: see permissions.ts.

export const FunctionalityCodeSchema = z.enum(FUNCTIONALITY_CODES);
export const AccessTypeSchema = z.enum(ACCESS_TYPES);
export const ProfileLevelSchema = z.enum(PROFILE_LEVELS);
export const PermissionSchema = z.object({
  code: FunctionalityCodeSchema,
  accessType: AccessTypeSchema,
});
export const RoleSchema = z.enum(ROLES);
