import { z } from 'zod';
import { AccessTypeSchema, FunctionalityCodeSchema, ProfileLevelSchema } from '../permissions';
import { IdSchema, NamedRefSchema, NonEmptyStringSchema } from '../primitives';
import { UserEmailAddressSchema, UserNameSchema } from '../validation';

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
