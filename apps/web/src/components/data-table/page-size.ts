import { DEFAULT_PAGE_SIZE } from '@portal/contract';

/** Where a table keeps the page size its user chose (spec 2.9: 'a stored per-resource value'). */
export function pageSizeStorageKey(resource: string): string {
  return `dataTable.pageSize.${resource}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the table then just uses its default.
    return undefined;
  }
}

/** The stored page size of `resource`, when it is one of `options`. */
export function readStoredPageSize(resource: string, options: readonly number[]): number | undefined {
  try {
    const text = storage()?.getItem(pageSizeStorageKey(resource));
    if (text === null || text === undefined) return undefined;
    const size = Number(text);
    return options.includes(size) ? size : undefined;
  } catch {
    return undefined;
  }
}

export function storePageSize(resource: string, size: number): void {
  try {
    storage()?.setItem(pageSizeStorageKey(resource), String(size));
  } catch {
    // Full or blocked storage: the choice lasts for this visit only.
  }
}

/**
 * The first page size: with one option, that option; otherwise the stored value, else `defaultPageSize`, else
 * DEFAULT_PAGE_SIZE; a value that is not among the options gives the first option.
 */
export function initialPageSize(resource: string, options: readonly number[], defaultPageSize?: number): number {
  const first = options[0] ?? DEFAULT_PAGE_SIZE;
  if (options.length <= 1) return first;
  const stored = readStoredPageSize(resource, options);
  if (stored !== undefined) return stored;
  const fallback = defaultPageSize ?? DEFAULT_PAGE_SIZE;
  return options.includes(fallback) ? fallback : first;
}
