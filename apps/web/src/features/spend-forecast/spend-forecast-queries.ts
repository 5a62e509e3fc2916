import { usageOperations } from '@portal/contract';
import { operationQuery } from '../../api/operations';

/** Whose spend a card forecasts: the caller's estate (the dashboard), or one site, team or device of it. */
export type SpendForecastSource = { kind: 'estate' } | { kind: 'site' | 'team' | 'endpoint'; id: number };

/** The forecast's call for a source (docs/decisions/0215). */
export function spendForecastQuery(source: SpendForecastSource) {
  switch (source.kind) {
    case 'estate':
      return operationQuery(usageOperations.estateSpendForecast, {});
    case 'site':
      return operationQuery(usageOperations.siteSpendForecast, { params: { id: source.id } });
    case 'team':
      return operationQuery(usageOperations.teamSpendForecast, { params: { id: source.id } });
    case 'endpoint':
      return operationQuery(usageOperations.endpointSpendForecast, { params: { id: source.id } });
  }
}
