import { z } from 'zod';
import { IdSchema, NonEmptyStringSchema } from '../primitives';
import { EntityNameInputSchema, EntityNameSchema } from '../validation';
import { NewAddressSchema } from './estate';

/** A site or team as the estate lookups give it; every field is optional because `$select` picks them. */
const EstateGroupSchema = z
  .object({
    id: IdSchema,
    name: EntityNameSchema,
    companyId: IdSchema,
    companyName: NonEmptyStringSchema,
  })
  .partial();

export const SiteListItemSchema = EstateGroupSchema;
export type SiteListItem = z.infer<typeof SiteListItemSchema>;

/** A team's mobile device as `$expand=EndPoints` gives it: only those of the caller's estate. */
export const TeamEndpointRefSchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  identifier: NonEmptyStringSchema,
});
export type TeamEndpointRef = z.infer<typeof TeamEndpointRefSchema>;

export const TeamListItemSchema = EstateGroupSchema.extend({ endPoints: z.array(TeamEndpointRefSchema).optional() });
export type TeamListItem = z.infer<typeof TeamListItemSchema>;

/** A site with its address, as the admin list (spec 2.10) and the site form read it; `$select` picks the fields. */
export const SiteDetailSchema = SiteListItemSchema.extend({
  addressId: IdSchema,
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  line3: z.string().nullable(),
  town: z.string(),
  county: z.string(),
  postCode: z.string(),
}).partial();
export type SiteDetail = z.infer<typeof SiteDetailSchema>;

/** Something a form assigns, by id; a name sent with it (as GET answers it) is ignored. */
export const IdRefSchema = z.object({ id: IdSchema, name: z.string().optional() });
export type IdRef = z.infer<typeof IdRefSchema>;

/**
 * The site form's save (spec 2.11): one of the company's addresses or a new one. `companyId` may be left out by a
 * caller of one company; a caller of several must say which (decision 0109).
 */
export const SiteSaveSchema = z.object({
  id: IdSchema.optional(),
  name: EntityNameInputSchema,
  companyId: IdSchema.optional(),
  addressId: IdSchema.optional(),
  newAddress: NewAddressSchema.optional(),
});
export type SiteSave = z.infer<typeof SiteSaveSchema>;

/** The team form's save: its name, company and the mobile devices in it. */
export const TeamSaveSchema = z.object({
  id: IdSchema.optional(),
  name: EntityNameInputSchema,
  companyId: IdSchema.optional(),
  endPoints: z.array(IdRefSchema).max(10_000).default([]),
});
export type TeamSave = z.infer<typeof TeamSaveSchema>;

/** A user named by a refusal or a check: their id and username. */
export const UserRefSchema = z.object({ id: IdSchema, userName: NonEmptyStringSchema });
export type UserRef = z.infer<typeof UserRefSchema>;

/**
 * What stands in the way of deleting a site (decision 0127): the lines still on it, and the Site-level users for
 * whom it is their only site. The delete dialog reads it before asking; the delete itself checks the same again.
 */
export const SiteDeletionCheckSchema = z.object({
  mobileDevices: z.number().int().nonnegative(),
  broadbandContracts: z.number().int().nonnegative(),
  onlySiteOf: z.array(UserRefSchema),
});
export type SiteDeletionCheck = z.infer<typeof SiteDeletionCheckSchema>;

/** Moves every line on a site (its mobile devices and broadband contracts) to another site of its company. */
export const SiteLinesMoveSchema = z.object({ targetSiteId: IdSchema });
export type SiteLinesMove = z.infer<typeof SiteLinesMoveSchema>;

/** How many lines of each kind a move took to the other site. */
export const SiteLinesMovedSchema = z.object({
  mobileDevices: z.number().int().nonnegative(),
  broadbandContracts: z.number().int().nonnegative(),
});
export type SiteLinesMoved = z.infer<typeof SiteLinesMovedSchema>;
