import { SEARCH_MIN_CHARS, SearchResultSchema, TIMINGS } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { getJson } from '../../api/client';
import { apiQueryKey } from '../../api/query-cache';

const SEARCH_PATH = '/api/companies/search';
const SearchReplySchema = z.object({ value: z.array(SearchResultSchema) });

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = TIMINGS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Global search (spec 7): `top` caps the results in all, `count` each type's. Runs only with 3 or more characters. */
export function useSearchResults(term: string, limits: { top?: number; count?: number }) {
  const searchTerm = term.trim();
  const params = new URLSearchParams({ searchTerm });
  if (limits.count !== undefined) params.set('count', String(limits.count));
  if (limits.top !== undefined) params.set('top', String(limits.top));
  const path = `${SEARCH_PATH}?${params}`;
  return useQuery({
    queryKey: apiQueryKey(path),
    queryFn: ({ signal }) => getJson(path, SearchReplySchema.parse, { signal }),
    select: (reply) => reply.value,
    enabled: searchTerm.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
