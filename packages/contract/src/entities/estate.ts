import { z } from 'zod';
import { ENDPOINT_TYPE, EndpointTypeIdSchema } from '../carriers';
import { MAX_LENGTH } from '../limits';
import { IdSchema, NamedRefSchema, NonEmptyStringSchema } from '../primitives';
import { optionalText, requiredText } from '../rules/text-fields';
import {
  AddressLineSchema,
  CountySchema,
  EntityNameInputSchema,
  EntityNameSchema,
  PostCodeSchema,
  TownSchema,
} from '../validation';

/** An address as answers give it: lines 1-3 may be missing on addresses the carriers' data brought. */
export const AddressSchema = z.object({
  id: IdSchema,
  line1: AddressLineSchema.optional(),
  line2: AddressLineSchema.optional(),
  line3: AddressLineSchema.optional(),
  town: TownSchema,
  county: CountySchema,
  postCode: PostCodeSchema,
});
export type Address = z.infer<typeof AddressSchema>;

/** A new address's fields in the site form's order, with its labels. */
export const ADDRESS_FIELDS = [
  { name: 'line1', label: 'Address Line 1', max: MAX_LENGTH.addressLine },
  { name: 'line2', label: 'Address Line 2', max: MAX_LENGTH.addressLine },
  { name: 'line3', label: 'Address Line 3', max: MAX_LENGTH.addressLine },
  { name: 'town', label: 'Town', max: MAX_LENGTH.town },
  { name: 'county', label: 'County', max: MAX_LENGTH.county },
  { name: 'postCode', label: 'Post Code', max: MAX_LENGTH.postCode },
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number]['name'];

const [line1, line2, line3, town, county, postCode] = ADDRESS_FIELDS;
/**
 * A new address a site save gives, and the site form's check of it: the first line, town, county and post code are
 * required (the server keeps a first line on every address, decision 0109); lines 2 and 3 may be left out.
 */
export const NewAddressSchema = z.object({
  line1: requiredText(line1.label, line1.max),
  line2: optionalText(line2.label, line2.max).optional(),
  line3: optionalText(line3.label, line3.max).optional(),
  town: requiredText(town.label, town.max),
  county: requiredText(county.label, county.max),
  postCode: requiredText(postCode.label, postCode.max),
});
export type NewAddress = z.infer<typeof NewAddressSchema>;

/** A company; its addresses are there only for a caller who may manage sites (docs/decisions/0048). */
export const CompanySchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  addresses: z.array(AddressSchema).optional(),
});
export type Company = z.infer<typeof CompanySchema>;

/** A company as the OData list gives it: the fields `$select` asked for, `addresses` with `$expand=addresses`. */
export const CompanyListItemSchema = CompanySchema.partial().extend({
  accountNumber: z.string().optional(),
  createdDate: z.string().optional(),
});
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;

/** A site points at one of its company's addresses or brings a new one, never both and never neither. */
export const SiteSchema = z
  .object({
    id: IdSchema,
    name: EntityNameSchema,
    companyId: IdSchema,
    companyName: NonEmptyStringSchema,
    addressId: IdSchema.optional(),
    newAddress: NewAddressSchema.optional(),
  })
  .refine((site) => (site.addressId === undefined) !== (site.newAddress === undefined), {
    message: 'Exactly one of addressId and newAddress is required',
    path: ['addressId'],
  });
export type Site = z.infer<typeof SiteSchema>;

export const EndpointSchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  /** The CLI: mobile number, phone number or ADSL reference. */
  identifier: NonEmptyStringSchema,
  endPointTypeId: EndpointTypeIdSchema,
  siteId: IdSchema,
  teamIds: z.array(IdSchema),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

export const MobileEndpointSchema = EndpointSchema.extend({ endPointTypeId: z.literal(ENDPOINT_TYPE.mobile) });
export type MobileEndpoint = z.infer<typeof MobileEndpointSchema>;

export const BroadbandEndpointSchema = EndpointSchema.extend({ endPointTypeId: z.literal(ENDPOINT_TYPE.broadband) });
export type BroadbandEndpoint = z.infer<typeof BroadbandEndpointSchema>;

/** A row of the estate lists of endpoints; every field is optional because `$select` picks them. */
export const EndpointListItemSchema = z
  .object({
    id: IdSchema,
    name: EntityNameSchema,
    identifier: NonEmptyStringSchema,
    endPointTypeId: EndpointTypeIdSchema,
    product: NonEmptyStringSchema,
    siteId: IdSchema.nullable(),
    siteName: NonEmptyStringSchema.nullable(),
    companyId: IdSchema,
    companyName: NonEmptyStringSchema,
    /** With `$expand=teams`: the line's teams the caller sees, by name (docs/decisions/0081). */
    teams: z.array(NamedRefSchema),
  })
  .partial();
export type EndpointListItem = z.infer<typeof EndpointListItemSchema>;

/** Estate table rows carry display names alongside the endpoint's own fields. */
export const EndpointRowSchema = EndpointSchema.extend({
  endPointId: IdSchema,
  endPointName: EntityNameSchema,
  cli: NonEmptyStringSchema,
  product: NonEmptyStringSchema,
  siteName: NonEmptyStringSchema,
  teamNames: z.array(NonEmptyStringSchema),
});
export type EndpointRow = z.infer<typeof EndpointRowSchema>;

export const TeamSchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  companyId: IdSchema,
  companyName: NonEmptyStringSchema,
  /** Teams group mobile devices only. */
  endPoints: z.array(MobileEndpointSchema),
});
export type Team = z.infer<typeof TeamSchema>;

/** One line as the device and contract pages and the estate edits answer it (docs/decisions/0076). */
export const EndpointDetailSchema = z.object({
  id: IdSchema,
  name: EntityNameSchema,
  /** The CLI: mobile number, phone number or ADSL reference. */
  identifier: NonEmptyStringSchema,
  endPointTypeId: EndpointTypeIdSchema,
  product: NonEmptyStringSchema,
  /** The mobile supplier (33 for the first carrier, 27 or 36 for the second); null on a broadband line. */
  supplierId: IdSchema.nullable(),
  /** The broadband carrier; null on a mobile line. */
  carrierId: IdSchema.nullable(),
  productLineId: IdSchema.nullable(),
  company: NamedRefSchema,
  /** A line may have no site yet. */
  site: NamedRefSchema.nullable(),
  /** The line's teams the caller sees, by name. */
  teams: z.array(NamedRefSchema),
});
export type EndpointDetail = z.infer<typeof EndpointDetailSchema>;

/** The body of an edit repeats the path's id, which must be the same. */
const EndpointEditSchema = z.object({ id: IdSchema });

export const ChangeEndpointNameSchema = EndpointEditSchema.extend({ name: EntityNameInputSchema });
export type ChangeEndpointName = z.infer<typeof ChangeEndpointNameSchema>;

export const ChangeEndpointSiteSchema = EndpointEditSchema.extend({ siteId: IdSchema });
export type ChangeEndpointSite = z.infer<typeof ChangeEndpointSiteSchema>;

/** An empty list takes the device out of every team the caller sees; a company has far fewer than 1,000 teams. */
export const ChangeEndpointTeamsSchema = EndpointEditSchema.extend({ teamIds: z.array(IdSchema).max(1000) });
export type ChangeEndpointTeams = z.infer<typeof ChangeEndpointTeamsSchema>;
