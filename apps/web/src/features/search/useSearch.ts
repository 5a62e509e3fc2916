import { SEARCH_MIN_CHARS, searchEndpoints, TIMINGS } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointQuery } from '../../api/endpoints';

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
  return useQuery({
    ...endpointQuery(searchEndpoints.search, { query: { searchTerm, count: limits.count, top: limits.top } }),
    select: (reply) => reply.value,
    enabled: searchTerm.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
