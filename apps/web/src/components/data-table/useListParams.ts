import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isCanonical, type ListParams, type ListParamsSpec, readListParams, writeListParams } from './list-params';

export interface ListParamsUpdate {
  /** Replace the current history entry instead of adding one (normalisations; user actions push). */
  replace?: boolean;
}

/**
 * The table's list parameters from the URL (list-params.ts), and the function that changes them. A URL whose
 * parameters read differently from how they are written (an unknown sort field, a bad page number, a filter on a
 * column that has none) is rewritten in place, without a new history entry.
 */
export function useListParams(
  spec: ListParamsSpec,
): [ListParams, (next: ListParams, options?: ListParamsUpdate) => void] {
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search, spec);
  const canonical = isCanonical(search, spec, params);

  useEffect(() => {
    if (!canonical)
      setSearch((current) => writeListParams(current, spec, readListParams(current, spec)), { replace: true });
  }, [canonical, setSearch, spec]);

  function update(next: ListParams, options: ListParamsUpdate = {}): void {
    setSearch((current) => writeListParams(current, spec, next), { replace: options.replace === true });
  }

  return [params, update];
}
