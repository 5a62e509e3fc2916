import { type Permission, SEARCH_RESULT_TYPE_TITLES, type SearchResult, searchResultPath } from '@portal/contract';
import type { TypedSearch } from './useSearch';

export const VIEW_ALL_RESULTS = 'View all results...';
export const RETRY_SEARCH = 'Try again';

/** One line of the type-ahead's list: a result, the search page of the typed term, or another try after a failure. */
export type TypeAheadChoice = { key: string; primary: string; secondary?: string } & (
  | { kind: 'result' | 'view-all'; to: string }
  | { kind: 'retry' }
);

export function searchPagePath(term: string): string {
  return `/search?${new URLSearchParams({ searchTerm: term.trim() })}`;
}

/** The line under a result's name: its number first (so it is never the part cut off), then what it is. */
export function resultDetail(result: Pick<SearchResult, 'type' | 'reference'>): string {
  const title = SEARCH_RESULT_TYPE_TITLES[result.type];
  return result.reference === undefined ? title : `${result.reference} · ${title}`;
}

/**
 * What the list offers for the search as it stands. Results are there only once the typed term's own answer is in;
 * 'View all results...' always opens the search page of what is typed now.
 */
export function typeAheadChoices(
  search: TypedSearch,
  held: ReadonlyArray<Permission>,
  roles: ReadonlyArray<string>,
): TypeAheadChoice[] {
  if (search.status === 'idle') return [];
  const viewAll: TypeAheadChoice = {
    key: 'view-all',
    kind: 'view-all',
    primary: VIEW_ALL_RESULTS,
    to: searchPagePath(search.term),
  };
  if (search.status === 'failed') return [{ key: 'retry', kind: 'retry', primary: RETRY_SEARCH }, viewAll];
  if (search.status === 'searching') return [viewAll];
  const results = search.results.flatMap((result): TypeAheadChoice[] => {
    const path = searchResultPath(result, held, roles);
    return path === undefined
      ? []
      : [
          {
            key: `${result.type}-${result.id}`,
            kind: 'result',
            primary: result.name,
            secondary: resultDetail(result),
            to: `/${path}`,
          },
        ];
  });
  return [...results, viewAll];
}
