import { type Permission, TIMINGS } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { companiesInView, companyFilter } from '../api/company-filter';
import { FIRST_LOAD_PATHS } from '../api/first-load-paths';
import { lazyOperationQuery } from '../api/operations';
import { sessionStore } from '../api/session-store';
import { type TokenUser, userFromToken } from './token-claims';

/**
 * The signed-in session as React sees it (spec section 4): signed in while an unexpired access token is held (in
 * memory; a reload restores it from the session cookie, docs/decisions/0206); the user's details and functionality
 * reload at once on sign-in and then every 30 minutes.
 */

export function useSessionSnapshot() {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

// The route guards and the first-screen preloading name these queries, so they are part of the first load; their
// declarations load with their first call, which only a signed-in visitor makes.
const loadOperations = () => import('../api/first-load-operations');

export const functionalityQuery = queryOptions({
  ...lazyOperationQuery(FIRST_LOAD_PATHS.myFunctionality, () =>
    loadOperations().then((module) => module.profileOperations.myFunctionality),
  ),
  staleTime: TIMINGS.userDetailsRefreshMs,
});

export const companyNamesQuery = queryOptions({
  ...lazyOperationQuery(FIRST_LOAD_PATHS.companyNames, () =>
    loadOperations().then((module) => module.companyOperations.names),
  ),
  staleTime: TIMINGS.userDetailsRefreshMs,
});

/** The caller's functionality (code and access type pairs); `undefined` until loaded. */
export function useFunctionality() {
  const { signedIn } = useSessionSnapshot();
  return useQuery({
    ...functionalityQuery,
    select: (list) => list.value,
    enabled: signedIn,
    refetchInterval: TIMINGS.userDetailsRefreshMs,
  });
}

/** The permission pairs the caller holds, or undefined while they load (a list that failed to load is empty). */
export function usePermissions(): ReadonlyArray<Permission> | undefined {
  const { data, isPending } = useFunctionality();
  return isPending ? undefined : (data ?? []);
}

/** Every company of the caller's estate by name, whatever the company filter: what the company chooser offers. */
export function useAllCompanyNames() {
  const { signedIn } = useSessionSnapshot();
  return useQuery({
    ...companyNamesQuery,
    select: (list) => list.value,
    enabled: signedIn,
    refetchInterval: TIMINGS.userDetailsRefreshMs,
  });
}

/**
 * The companies the pages show figures for, by name: the one the company filter names, or all of the caller's
 * (decision 0075). A page shows whose each figure is when this holds more than one.
 */
export function useCompanyNames() {
  const { signedIn } = useSessionSnapshot();
  const companyId = useSyncExternalStore(companyFilter.subscribe, companyFilter.get);
  return useQuery({
    ...companyNamesQuery,
    select: (list) => companiesInView(list.value, companyId),
    enabled: signedIn,
    refetchInterval: TIMINGS.userDetailsRefreshMs,
  });
}

/** The user's name, email and profile from the current access token; re-read whenever the session changes. */
export function useCurrentUser(): TokenUser | undefined {
  const snapshot = useSessionSnapshot();
  return snapshot.signedIn ? userFromToken(sessionStore.getTokens()?.accessToken) : undefined;
}
