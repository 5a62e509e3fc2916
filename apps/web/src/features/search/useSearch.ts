import { SEARCH_MIN_CHARS, type SearchResult, searchOperations, TIMINGS } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { operationQuery } from '../../api/operations';

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = TIMINGS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Results per type (`count`) and in all (`top`), as the search operation takes them (spec 7). */
export interface SearchLimits {
  top?: number;
  count?: number;
}

/**
 * Where the search of the typed term stands. `term` is always what is typed now (trimmed): every state but `idle`
 * is about that term and no other.
 */
export type TypedSearch = { term: string; settledTerm: string } & (
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'failed'; retry: () => void }
  | { status: 'answered'; results: SearchResult[] }
);

/**
 * Searches what is typed once it has stood still for the debounce (spec 9) and is 3 or more characters long.
 *
 * Nothing of an older term is ever returned: the status is `searching` from the first keystroke of a new term,
 * through the debounce, until that term's own answer arrives (no placeholder data). The query follows the settled
 * term only while it is still what is typed, so a keystroke leaves the older request without an observer and
 * TanStack Query aborts it through the signal `operationQuery` hands to fetch; an answer that still arrives lands
 * under its own term's key, never this one's.
 */
/** A number as the query string carries it (the contract reads plain digits); none stays out. */
const asParam = (value: number | undefined) => (value === undefined ? undefined : String(value));

export function useTypedSearch(typed: string, limits: SearchLimits): TypedSearch {
  const term = typed.trim();
  const settledTerm = useDebouncedValue(term);
  const upToDate = settledTerm === term;
  const searchable = term.length >= SEARCH_MIN_CHARS;
  const query = useQuery({
    ...operationQuery(searchOperations.search, {
      query: { searchTerm: upToDate ? term : '', count: asParam(limits.count), top: asParam(limits.top) },
    }),
    select: (reply) => reply.value,
    enabled: upToDate && searchable,
  });

  const base = { term, settledTerm };
  if (!searchable) return { ...base, status: 'idle' };
  if (!upToDate || query.isPending || (query.isError && query.isFetching)) return { ...base, status: 'searching' };
  if (query.isError) return { ...base, status: 'failed', retry: () => void query.refetch() };
  return { ...base, status: 'answered', results: query.data };
}
