import { z } from 'zod';
import { IdSchema, NonEmptyStringSchema, wholeNumberParam } from '../primitives';

export const FaqSchema = z.object({
  title: NonEmptyStringSchema,
  text: NonEmptyStringSchema,
});
export type Faq = z.infer<typeof FaqSchema>;

/** One per result section of the search page, in its display order. */
export const SEARCH_RESULT_TYPES = [
  'MobileDevice',
  'BroadbandContract',
  'MobileOrder',
  'BroadbandOrder',
  'Site',
  'Team',
  'User',
  'Faq',
] as const;
export const SearchResultTypeSchema = z.enum(SEARCH_RESULT_TYPES);
export type SearchResultType = z.infer<typeof SearchResultTypeSchema>;

export const SearchResultSchema = z.object({
  type: SearchResultTypeSchema,
  id: IdSchema,
  /** Route parameters of the result's page, e.g. `{ cli: '07700900123' }`. */
  params: z.record(z.string(), z.string()),
  name: NonEmptyStringSchema,
  /** The number the result is known by when its name is not it: a device's mobile number, a contract's line number. */
  reference: NonEmptyStringSchema.optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchQuerySchema = z.object({
  searchTerm: z.string().trim().min(3, 'Search needs at least 3 characters').max(100),
  type: SearchResultTypeSchema.optional(),
  /** Results per type. */
  count: wholeNumberParam(1, 50).default(5),
  /** Results in all, best first. */
  top: wholeNumberParam(1, 400).optional(),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;
