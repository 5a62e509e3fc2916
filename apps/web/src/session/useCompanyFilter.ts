import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { companyFilter } from '../api/company-filter';
import { companyNamesQuery, useAllCompanyNames } from './useSession';

/** Areas whose answers do not depend on the estate: kept when the company changes, so the shell does not flicker. */
const ESTATE_FREE_AREAS = new Set(['profiles', 'partners', 'messages', 'faqs']);
const NAMES_PATH = companyNamesQuery.queryKey[1];

/**
 * Forgets every answer that depends on the estate: active queries fetch again for the new company, showing their
 * loading state, so no screen shows one company's figures under the other's name.
 */
function resetEstateAnswers(queryClient: QueryClient): void {
  void queryClient.resetQueries({
    predicate: (query) => !ESTATE_FREE_AREAS.has(String(query.queryKey[0])) && query.queryKey[1] !== NAMES_PATH,
  });
}

/** The company the portal is narrowed to (undefined: all of the caller's), and how to change it. */
export function useCompanyFilter() {
  const queryClient = useQueryClient();
  const companyId = useSyncExternalStore(companyFilter.subscribe, companyFilter.get);
  const choose = useCallback(
    (next: number | undefined) => {
      if (next === companyFilter.get()) return;
      companyFilter.set(next);
      resetEstateAnswers(queryClient);
    },
    [queryClient],
  );
  return { companyId, choose };
}

/** Drops a stored company the caller no longer has (sign-in and sign-out clear it: connectCompanyFilter). */
export function useCompanyFilterUpkeep(): void {
  const { companyId, choose } = useCompanyFilter();
  const { data: companies } = useAllCompanyNames();
  useEffect(() => {
    if (companyId !== undefined && companies && !companies.some((company) => company.id === companyId)) {
      choose(undefined);
    }
  }, [companies, companyId, choose]);
}
