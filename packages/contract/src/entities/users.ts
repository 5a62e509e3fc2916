import { z } from 'zod';
import { AccessTypeSchema, FunctionalityCodeSchema, ProfileLevelSchema } from '../permission-schemas';
import { IdSchema, NamedRefSchema, NonEmptyStringSchema } from '../primitives';
import {
  UserEmailAddressInputSchema,
  UserEmailAddressSchema,
  UserNameInputSchema,
  UserNameSchema,
} from '../validation';
import { IdRefSchema } from './sites-and-teams';

export const FunctionalitySchema = z.object({
  id: IdSchema,
  code: FunctionalityCodeSchema,
  description: NonEmptyStringSchema,
  accessType: AccessTypeSchema,
});
export type Functionality = z.infer<typeof FunctionalitySchema>;

export const ProfileSchema = z.object({
  id: IdSchema,
  name: NonEmptyStringSchema,
  level: ProfileLevelSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** An assigned endpoint as the user form's chips and selection tables show it. */
export const EndpointRefSchema = NamedRefSchema.extend({
  identifier: NonEmptyStringSchema,
});
export type EndpointRef = z.infer<typeof EndpointRefSchema>;

export const UserSchema = z.object({
  id: IdSchema,
  userName: UserNameSchema,
  emailAddress: UserEmailAddressSchema,
  profileId: IdSchema,
  functionalityIds: z.array(IdSchema),
  companies: z.array(NamedRefSchema),
  sites: z.array(NamedRefSchema),
  teams: z.array(NamedRefSchema),
  mobileEndPoints: z.array(EndpointRefSchema),
  broadbandEndPoints: z.array(EndpointRefSchema),
});
export type User = z.infer<typeof UserSchema>;

/** A row of Manage Users (spec 2.10); `$select` picks the fields. */
export const UserListItemSchema = z
  .object({
    id: IdSchema,
    userName: UserNameSchema,
    emailAddress: z.string(),
    profileId: IdSchema,
    profileName: NonEmptyStringSchema,
  })
  .partial();
export type UserListItem = z.infer<typeof UserListItemSchema>;

const assigned = z.array(IdRefSchema).max(10_000).default([]);

/**
 * The user form's save (spec 2.11): the user, their functionality and what their profile level is assigned to.
 * Only the list of the profile's level may hold items (decision 0109); the others are empty or left out.
 */
export const UserSaveSchema = z.object({
  id: IdSchema.optional(),
  userName: UserNameInputSchema,
  emailAddress: UserEmailAddressInputSchema,
  profileId: IdSchema,
  functionalityIds: z.array(IdSchema).max(1_000),
  companies: assigned,
  sites: assigned,
  teams: assigned,
  mobileEndPoints: assigned,
  broadbandEndPoints: assigned,
});
export type UserSave = z.infer<typeof UserSaveSchema>;

/**
 * Whether a username is free: no other user's name is the same ignoring case or a look-alike of it (decision 0125);
 * `id` is the user being edited (their own name is not taken).
 */
export const UserNameUniqueRequestSchema = z.object({
  id: IdSchema.optional(),
  userName: UserNameInputSchema,
});
export type UserNameUniqueRequest = z.infer<typeof UserNameUniqueRequestSchema>;
