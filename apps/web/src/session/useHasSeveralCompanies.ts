import { useCompanyNames } from './useSession';

/**
 * Whether the caller's estate spans more than one company, so lists and figures must say whose each row is
 * (decision 0056). False while the companies load or when they failed to: a single-company view loses nothing.
 */
export function useHasSeveralCompanies(): boolean {
  const { data: companies } = useCompanyNames();
  return (companies?.length ?? 0) > 1;
}
