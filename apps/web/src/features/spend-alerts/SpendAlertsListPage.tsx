import {
  ALERT_ACTION_LABELS,
  ALERT_PERIOD_LABELS,
  type AlertRule,
  AlertRuleSchema,
  spendAlertOperations,
} from '@portal/contract';
import { useMemo } from 'react';
import { callOperation } from '../../api/operations';
import { AdminListPage } from '../../components/admin/AdminListPage';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { measureText, watchesText } from './alert-rule-text';

// The rule's own fields are what the list filters and sorts by (the name); the rest are said in words.
const RULE_COLUMNS: DataTableColumn<AlertRule>[] = [
  { field: 'watches', header: 'Watches', value: watchesText, card: 'wide' },
  { field: 'threshold', header: 'Threshold', value: measureText },
  { field: 'period', header: 'Period', value: (rule) => ALERT_PERIOD_LABELS[rule.period] },
  { field: 'action', header: 'Action', value: (rule) => ALERT_ACTION_LABELS[rule.action], card: 'wide' },
  { field: 'enabled', header: 'Enabled', value: (rule) => (rule.enabled ? 'Yes' : 'No') },
  {
    field: 'lastFiredAt',
    header: 'Last fired',
    value: (rule) => (rule.lastFiredAt ? formatDate(rule.lastFiredAt, 'dd/MM/yyyy HH:mm') : 'Never'),
  },
];
const COMPANY_COLUMN: DataTableColumn<AlertRule> = {
  field: 'companyName',
  header: 'Company',
  sortable: true,
  filter: 'text',
  card: 'wide',
};

// Module-level, so the table's columns are not rebuilt on every render.
const ruleName = (rule: AlertRule) => rule.name;

/** Spend Alerts: the rules of the caller's companies, each said in words, with Edit or View and Delete by permission. */
export function SpendAlertsListPage() {
  const severalCompanies = useHasSeveralCompanies();
  const columns = useMemo(
    () => (severalCompanies ? [COMPANY_COLUMN, ...RULE_COLUMNS] : RULE_COLUMNS),
    [severalCompanies],
  );
  return (
    <AdminListPage<AlertRule>
      area="spend-alerts"
      operation={spendAlertOperations.list}
      parseRow={AlertRuleSchema.parse}
      nameField="name"
      nameHeader="Name"
      name={ruleName}
      columns={columns}
      remove={(id) => callOperation(spendAlertOperations.remove, { params: { id } })}
      emptyText="No spend alerts yet."
      addWhenEmpty
      loadErrorText="We couldn't load your spend alerts"
    />
  );
}
