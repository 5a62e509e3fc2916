import { z } from 'zod';
import { IsoDateTimeSchema, NonEmptyStringSchema } from '../primitives';
import { UserNameSchema } from '../validation';

/** Expiry is stored as a point in time (login time plus the reply's expiresIn seconds), not as a duration. */
export const TokenSetSchema = z.object({
  accessToken: NonEmptyStringSchema,
  refreshToken: NonEmptyStringSchema,
  expiresAt: IsoDateTimeSchema,
  roles: z.array(NonEmptyStringSchema),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;

export const DashTokenSetSchema = TokenSetSchema.omit({ roles: true });
export type DashTokenSet = z.infer<typeof DashTokenSetSchema>;

/** Claims read from the access token; the snake_case name is the token's own. */
export const LoggedInUserSchema = z.object({
  given_name: UserNameSchema,
  email: z.email(),
  profile: NonEmptyStringSchema,
});
export type LoggedInUser = z.infer<typeof LoggedInUserSchema>;
