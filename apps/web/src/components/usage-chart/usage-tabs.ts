import { usageOperations } from '@portal/contract';
import { operationRequest } from '../../api/operations';

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

/** The usage call of each tab a device, site or team offers (spec 7). */
const OPERATIONS_BY_SOURCE = {
  endpoint: {
    monthly: usageOperations.endpointMonthly,
    uninvoiced: usageOperations.endpointUninvoiced,
    broadband: usageOperations.endpointBroadband,
    lineUsage: usageOperations.endpointLineUsage,
  },
  site: { monthly: usageOperations.siteMonthly, uninvoiced: usageOperations.siteUninvoiced },
  team: { monthly: usageOperations.teamMonthly, uninvoiced: usageOperations.teamUninvoiced },
} as const;

/**
 * The call of a tab for a source (its key holds the path below the base URL, e.g. `/api/sites/4/monthlyUsage`);
 * undefined when the source has no such call (table tabs, or a key the source does not offer). The caller's whole
 * estate has the monthly chart only.
 */
export function usageRequest(source: UsageSource, key: UsageTabKey) {
  if (source.kind === 'user') {
    return key === 'monthly' ? operationRequest(usageOperations.userMonthly, {}) : undefined;
  }
  const operation = (OPERATIONS_BY_SOURCE[source.kind] as Partial<Record<UsageTabKey, IdUsageOperation>>)[key];
  return operation === undefined ? undefined : operationRequest(operation, { params: { id: source.id } });
}

type IdUsageOperation =
  (typeof OPERATIONS_BY_SOURCE)[keyof typeof OPERATIONS_BY_SOURCE][keyof (typeof OPERATIONS_BY_SOURCE)['site']];
