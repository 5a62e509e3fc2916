import {
  CARRIER_REGISTRY,
  type CarrierRegistry,
  type MobileFirstOperations,
  type MobileSecondOperations,
  mobileCarrierEntries,
  mobileDeviceOperationsOf,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import type { FirstCarrierAdapter, SecondCarrierAdapter } from '../../carriers/mobile-carrier.js';
import { type AreaHandlers, operationRoutes } from '../operation-routes.js';
import * as first from './mobile-first-service.js';
import * as second from './mobile-second-service.js';
import type { Requester } from './requests.js';
import { type ServedCarrier, servedCarrier } from './served-carrier.js';

const requesterOf = (request: FastifyRequest): Requester => {
  const caller = principalOf(request);
  return { userId: caller.userId, userName: caller.userName, requestId: request.id };
};

/** The handlers of a carrier of the first mobile family (spec 7, Mobile carriers; docs/decisions/0080). */
const firstFamilyHandlers = (carrier: ServedCarrier<FirstCarrierAdapter>): AreaHandlers<MobileFirstOperations> => ({
  details: ({ scope, params }) => first.details(carrier, scope, params.id),
  spendLimitStatus: ({ scope, params }) => first.spendLimitStatus(carrier, scope, params.id),
  simValidation: () => first.simRule(carrier),
  tariffAddons: ({ scope, query }) => first.tariffAddons(carrier, scope, query),
  simSwap: ({ scope, request, params, body }) => first.simSwap(carrier, scope, requesterOf(request), params.id, body),
  spendLimitUnbar: ({ scope, request, params, body }) =>
    first.spendLimitUnbar(carrier, scope, requesterOf(request), params.id, body),
  changeBars: ({ scope, request, params, body }) =>
    first.changeBars(carrier, scope, requesterOf(request), params.id, body),
});

/** The handlers of a carrier of the second mobile family (spec 7, Mobile carriers; docs/decisions/0080). */
const secondFamilyHandlers = (carrier: ServedCarrier<SecondCarrierAdapter>): AreaHandlers<MobileSecondOperations> => ({
  details: ({ scope, params }) => second.details(carrier, scope, params.supplierId, params.id),
  bars: ({ scope, params }) => second.bars(carrier, scope, params.supplierId, params.id),
  assignedBars: ({ scope, params }) => second.assignedBars(carrier, scope, params.supplierId, params.id),
  simValidation: ({ query }) => second.simRule(carrier, query.supplierId),
  simSwap: ({ scope, request, params, body }) => second.simSwap(carrier, scope, requesterOf(request), params.id, body),
  toggleBar: ({ scope, request, params, body }) =>
    second.toggleBar(carrier, scope, requesterOf(request), params.id, body),
});

/**
 * Every mobile carrier's routes (docs/decisions/0165): for each registry entry, its operations of the table with its
 * family's handlers over the adapter the entry names.
 */
export function mobileDeviceRoutes(registry: CarrierRegistry = CARRIER_REGISTRY) {
  const area: Readonly<Record<string, unknown>> = mobileDeviceOperationsOf(registry);
  return async (app: FastifyInstance) => {
    for (const [key, entry] of mobileCarrierEntries(registry)) {
      // The table generated the entry's operations from its family, so they are that family's.
      const plugin =
        entry.family === 'mobileFirst'
          ? operationRoutes(area[key] as MobileFirstOperations, () =>
              firstFamilyHandlers(servedCarrier(entry, app.carriers[entry.adapter])),
            )
          : operationRoutes(area[key] as MobileSecondOperations, () =>
              secondFamilyHandlers(servedCarrier(entry, app.carriers[entry.adapter])),
            );
      await plugin(app, {});
    }
  };
}
