import { z } from 'zod';
import { IdSchema, NonEmptyStringSchema } from '../primitives';
import { EntityNameSchema } from '../validation';

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
