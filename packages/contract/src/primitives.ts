import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.number().int().positive().max(MAX_ID);
export type Id = z.infer<typeof IdSchema>;

export const CountSchema = z.number().int().nonnegative();

/** Money in pounds sterling, to the penny. Negative amounts are allowed because credit notes exist. */
export const MoneySchema = z.number().finite().multipleOf(0.01);
export type Money = z.infer<typeof MoneySchema>;

/** A calendar date, `yyyy-MM-dd`. */
export const IsoDateSchema = z.iso.date();
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** A point in time; carriers send offsets as well as `Z`, so both are accepted. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

export const IpAddressSchema = z.union([z.ipv4(), z.ipv6()]);

export const NonEmptyStringSchema = z.string().min(1);

/** A reference to another record by id and display name, as used by selection tables and chips. */
export const NamedRefSchema = z.object({
  id: IdSchema,
  name: NonEmptyStringSchema,
});
export type NamedRef = z.infer<typeof NamedRefSchema>;
