import { COMPANY_FILTER_HEADER, type OperationDefinition } from '@portal/contract';
import { type ApiClient, apiClient } from './client';

/**
 * The company the whole portal is narrowed to (decision 0075), or undefined for all of the caller's companies. It
 * lives in local storage, so a reload keeps it; every sign-in and sign-out forgets it. Every operation call sends it
 * (see {@link companyFilterHeaders}) and the server narrows the caller's estate to it.
 */
const STORAGE_KEY = 'portal.companyFilter';

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

const listeners = new Set<() => void>();

export const companyFilter = {
  get(): number | undefined {
    const id = Number(storage()?.getItem(STORAGE_KEY) ?? Number.NaN);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  },
  set(companyId: number | undefined): void {
    if (companyId === companyFilter.get()) return;
    if (companyId === undefined) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, String(companyId));
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The header narrowing a call to the chosen company; none for operations that answer for the whole estate. */
export function companyFilterHeaders(operation: Pick<OperationDefinition, 'wholeEstate'>): Record<string, string> {
  const companyId = operation.wholeEstate ? undefined : companyFilter.get();
  return companyId === undefined ? {} : { [COMPANY_FILTER_HEADER]: String(companyId) };
}

/** Each sign-in and sign-out starts from all companies; returns the function that disconnects it. */
export function connectCompanyFilter(client: ApiClient = apiClient): () => void {
  return client.onSessionEvent(() => companyFilter.set(undefined));
}

/** The companies the pages show: the chosen one, or all of them when none (or one no longer theirs) is chosen. */
export function companiesInView<C extends { id: number }>(companies: readonly C[], companyId: number | undefined): C[] {
  const chosen = companies.filter((company) => company.id === companyId);
  return chosen.length > 0 ? chosen : [...companies];
}
