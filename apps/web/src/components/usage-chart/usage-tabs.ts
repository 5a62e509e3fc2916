/** The usage chart's tabs (spec 2.8): keys in the spec's order, their labels, and where each tab's data comes from. */

export const USAGE_TAB_KEYS = [
  'monthly',
  'uninvoiced',
  'broadband',
  'lineUsage',
  'sessionHistory',
  'lineHistory',
  'authenticationLogs',
] as const;
export type UsageTabKey = (typeof USAGE_TAB_KEYS)[number];

export const USAGE_TAB_LABELS: Record<UsageTabKey, string> = {
  monthly: 'Monthly Usage',
  uninvoiced: 'Billable Usage',
  broadband: 'Broadband Usage',
  lineUsage: 'Line Usage',
  sessionHistory: 'Session History',
  lineHistory: 'Line History',
  authenticationLogs: 'Authentication Logs',
};

/** Tabs that show a table of broadband diagnostics rows rather than a chart. */
const TABLE_TABS: ReadonlySet<UsageTabKey> = new Set(['sessionHistory', 'lineHistory', 'authenticationLogs']);

export function isTableTab(key: UsageTabKey): boolean {
  return TABLE_TABS.has(key);
}

/** Whose usage a chart shows: one endpoint, site or team, or (without an id) the caller's whole estate. */
export type UsageSource =
  | { kind: 'endpoint'; id: number | string }
  | { kind: 'site'; id: number | string }
  | { kind: 'team'; id: number | string }
  | { kind: 'user' };

const SERIES_PATH_SUFFIX: Partial<Record<UsageTabKey, string>> = {
  monthly: 'monthlyUsage',
  uninvoiced: 'uninvoicedUsage',
  broadband: 'broadbandUsage',
  lineUsage: 'lineUsage',
};

/** The tabs each kind of source has a usage call for (spec 7). */
const SOURCE_TABS: Record<UsageSource['kind'], ReadonlySet<UsageTabKey>> = {
  endpoint: new Set(['monthly', 'uninvoiced', 'broadband', 'lineUsage']),
  site: new Set(['monthly', 'uninvoiced']),
  team: new Set(['monthly', 'uninvoiced']),
  user: new Set(['monthly']),
};

const SOURCE_BASE: Record<Exclude<UsageSource['kind'], 'user'>, string> = {
  endpoint: '/api/endpoints',
  site: '/api/sites',
  team: '/api/teams',
};

/**
 * The usage call of a tab for a source, e.g. `/api/sites/4/monthlyUsage`; undefined when the source has no such call
 * (table tabs, or a key the source does not offer).
 */
export function usagePath(source: UsageSource, key: UsageTabKey): string | undefined {
  const suffix = SERIES_PATH_SUFFIX[key];
  if (suffix === undefined || !SOURCE_TABS[source.kind].has(key)) return undefined;
  if (source.kind === 'user') return `/api/users/${suffix}`;
  return `${SOURCE_BASE[source.kind]}/${encodeURIComponent(String(source.id))}/${suffix}`;
}
