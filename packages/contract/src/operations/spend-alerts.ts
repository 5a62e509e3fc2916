import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { AlertRuleSaveSchema, AlertRuleSchema } from '../entities/spend-alerts';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';
import { idParam } from '../params';

// Spend alert rules (docs/decisions/0213): SpendAlerts Read lists them, Write saves, Delete deletes. A rule is of one
// company of the caller's estate, and names only sites, teams, devices and users of the caller's estate in it.

const AlertRuleIdParams = z.object({ id: idParam('alertRule') });

export const list = operation({
  method: 'GET',
  path: '/api/spendAlerts',
  summary: "The spend alert rules of the caller's companies (OData: $orderby, $top, $skip, $count, $filter on name)",
  access: anyOf('Read', 'SpendAlerts'),
  query: ODataQuerySchema,
  response: odataList(AlertRuleSchema),
});

export const get = operation({
  method: 'GET',
  path: '/api/spendAlerts/:id',
  summary: "A spend alert rule of the caller's companies",
  access: anyOf('Read', 'SpendAlerts'),
  params: AlertRuleIdParams,
  response: AlertRuleSchema,
});

export const create = operation({
  method: 'POST',
  path: '/api/spendAlerts',
  summary:
    "Add a spend alert rule to a company of the caller's estate, watching the company or a site, team or device of the caller's estate in it",
  access: anyOf('Write', 'SpendAlerts'),
  body: AlertRuleSaveSchema,
  successStatus: 201,
  response: AlertRuleSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/spendAlerts/:id',
  summary: "Change a spend alert rule of the caller's companies (its company stays)",
  access: anyOf('Write', 'SpendAlerts'),
  params: AlertRuleIdParams,
  body: AlertRuleSaveSchema,
  response: AlertRuleSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/spendAlerts/:id',
  summary: "Delete a spend alert rule of the caller's companies; the notices it gave stay",
  access: anyOf('Delete', 'SpendAlerts'),
  params: AlertRuleIdParams,
  successStatus: 204,
  response: z.null(),
});
