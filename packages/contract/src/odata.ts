import { z } from 'zod';

/**
 * The OData-style query options every list endpoint accepts (the server's `odata/` layer parses them; see
 * docs/decisions/0015-odata-subset.md for the subset). All are optional strings exactly as they appear in the URL;
 * an empty value counts as absent. List routes use `ODataQuerySchema` (or `.extend()` it) as their query schema.
 */
export const ODATA_OPTIONS = ['$select', '$filter', '$orderby', '$top', '$skip', '$count', '$expand'] as const;
export type ODataOption = (typeof ODATA_OPTIONS)[number];

export const ODataQuerySchema = z.object({
  /** Comma list of fields, e.g. `id,name`; `*` or absent: the resource's default fields. */
  $select: z.string().optional(),
  /** e.g. `endPointTypeId eq 1 and contains(name, 'smith')`. */
  $filter: z.string().optional(),
  /** Comma list of `field [asc|desc]`, e.g. `billDate desc,invoiceNumber`. */
  $orderby: z.string().optional(),
  /** Page size: a whole number from 0 to the resource's cap (MAX_PAGE_SIZE unless the resource says otherwise). */
  $top: z.string().optional(),
  /** Rows to skip: a whole number. */
  $skip: z.string().optional(),
  /** `true` adds `@odata.count` (the total matching the filter); `$count=true&$top=0` is a cheap count. */
  $count: z.string().optional(),
  /** Comma list of the resource's expansions, e.g. `EndPoints`. */
  $expand: z.string().optional(),
});
export type ODataQuery = z.infer<typeof ODataQuerySchema>;

/** The longest `$filter` (and `$orderby`, `$select`, `$expand`) the server parses. */
export const ODATA_MAX_EXPRESSION_LENGTH = 2000;
/** How deeply parentheses and `not` may nest in one `$filter`. */
export const ODATA_MAX_FILTER_DEPTH = 32;
/** The `ApiError.code` of a 400 caused by the list options; `details[].field` names the option. */
export const ODATA_ERROR_CODE = 'invalid_odata';

/** An OData string literal: quoted, with single quotes doubled, so user text can go into a `$filter` safely. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
