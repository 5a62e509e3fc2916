import type { Database } from '../../db/schema.js';
import { defineODataResource } from '../../odata/index.js';

/**
 * What a list of spend alert rules may filter and sort on. The list answers whole rules (their site, team, device
 * and users are read for the page afterwards), so `$select` and `$expand` are not offered.
 */
export const alertRulesResource = defineODataResource<Database, 'alert_rules' | 'companies'>()({
  name: 'spendAlerts',
  fields: {
    id: { type: 'number', column: 'alert_rules.id' },
    name: { type: 'string', column: 'alert_rules.name' },
    companyId: { type: 'number', column: 'alert_rules.company_id' },
    companyName: { type: 'string', column: 'companies.name' },
    scope: { type: 'string', column: 'alert_rules.scope' },
    appliesTo: { type: 'string', column: 'alert_rules.applies_to' },
    measure: { type: 'string', column: 'alert_rules.measure' },
    period: { type: 'string', column: 'alert_rules.period' },
    threshold: { type: 'number', column: 'alert_rules.threshold' },
    action: { type: 'string', column: 'alert_rules.action' },
    enabled: { type: 'boolean', column: 'alert_rules.enabled' },
    createdAt: { type: 'datetime', column: 'alert_rules.created_at' },
    updatedAt: { type: 'datetime', column: 'alert_rules.updated_at' },
  },
  key: 'alert_rules.id',
  defaultOrder: [{ field: 'name', direction: 'asc' }],
  maxTop: 100,
});
