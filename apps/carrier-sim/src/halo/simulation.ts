import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CarrierFault, type ErrorDialect, installCarrierErrors, parseOrRefuse } from '../carrier-faults.js';
import { SIMULATED_CARRIER } from '../carriers.js';
import { type ChangeRequest, ChangeRequests, type Completion } from '../change-requests.js';
import type { FaultInjector } from '../fault-injector.js';
import { UK_MOBILE } from '../line-seed.js';
import { HALO_ADDONS, HALO_BAR_TYPE, HALO_SIM_RULE, haloAddon, SPEND_LIMIT_BAR_IDS } from './catalogue.js';
import { type HaloLine, HaloLines } from './lines.js';

// Halo Mobile's API as the portal meets it (docs/decisions/0080): snake_case, lines by MSISDN, X-Api-Key, errors
// as { error: { code, message } }, refusals 422, changes idempotent by the Idempotency-Key header.

export const HALO_PREFIX = '/halo/v2';
const CARRIER = SIMULATED_CARRIER.halo;

export type HaloChange =
  | { type: 'bars'; add: number[]; remove: number[] }
  | { type: 'sim_swap'; serial_number: string }
  | { type: 'spend_limit_unbar' };

type HaloOptions = { apiKey: string; completionMs: number; faults: FaultInjector; now: () => Date };

const MsisdnParamsSchema = z.object({ msisdn: z.string() });
const AddonIdsSchema = z.array(z.unknown()).max(100).default([]);
const BarsBodySchema = z.strictObject({ add: AddonIdsSchema, remove: AddonIdsSchema });
const SimSwapBodySchema = z.strictObject({ serial_number: z.string() });
const CatalogueQuerySchema = z.object({
  type: z.coerce.number().int().positive().optional(),
  page_size: z.coerce.number().int().min(1).max(500).default(20),
});
const IdempotencyKeySchema = z.string().trim().min(1).max(200);

const HALO_ERRORS: ErrorDialect = {
  name: 'Halo',
  body: (code, message) => ({ error: { code, message } }),
  invalid: { status: 422, code: 'invalid_request' },
  notFoundCode: 'not_found',
  internalCode: 'internal_error',
};

/** '447700900123' to the national '07700900123'; anything that is not a UK mobile MSISDN has no subscription. */
function nationalNumber(msisdn: string): string {
  const national = /^44[0-9]{10}$/.test(msisdn) ? `0${msisdn.slice(2)}` : '';
  if (!UK_MOBILE.test(national)) throw new CarrierFault(404, 'subscription_not_found', `No subscription ${msisdn}`);
  return national;
}

export function subscriptionBody(msisdn: string, line: HaloLine) {
  return {
    msisdn,
    status: 'active',
    serial_number: { number: line.serialNumber },
    addons: line.addonIds.map((id) => haloAddon(id)!),
    monitoring_settings: line.spendLimit ? { spend_limit: { ...line.spendLimit } } : {},
    spend_limit_lifted: line.lifted,
  };
}

function requestBody(request: ChangeRequest<HaloChange>) {
  return {
    request_id: request.reference,
    type: request.change.type,
    msisdn: `44${request.line.slice(1)}`,
    status: request.state,
    ...(request.reason ? { reason: request.reason } : {}),
    created_at: request.receivedAt,
    ...(request.completedAt ? { completed_at: request.completedAt } : {}),
  };
}

/** Refuses a change the line cannot take, as Halo does when it receives it. */
function validateChange(line: HaloLine, change: HaloChange): void {
  switch (change.type) {
    case 'bars': {
      for (const id of [...change.add, ...change.remove]) {
        if (haloAddon(id)?.type !== HALO_BAR_TYPE) throw new CarrierFault(422, 'unknown_addon', `No bar add-on ${id}`);
      }
      if (change.add.length + change.remove.length === 0) {
        throw new CarrierFault(422, 'empty_change', 'Name at least one add-on to add or remove');
      }
      if (change.add.some((id) => change.remove.includes(id))) {
        throw new CarrierFault(422, 'conflicting_change', 'An add-on cannot be both added and removed');
      }
      return;
    }
    case 'sim_swap':
      if (!new RegExp(HALO_SIM_RULE.regular_expression).test(change.serial_number)) {
        throw new CarrierFault(422, 'invalid_serial', HALO_SIM_RULE.error_message);
      }
      if (change.serial_number === line.serialNumber) {
        throw new CarrierFault(422, 'same_serial', 'The new serial number is the SIM already in use');
      }
      return;
    case 'spend_limit_unbar':
      if (!line.spendLimit) throw new CarrierFault(422, 'no_spend_limit', 'The subscription has no spend limit');
      if (line.lifted) throw new CarrierFault(422, 'already_lifted', 'The spend limit is already lifted');
      return;
  }
}

function applyChange(line: HaloLine, change: HaloChange): void {
  switch (change.type) {
    case 'bars': {
      const ids = new Set([...line.addonIds, ...change.add]);
      for (const id of change.remove) ids.delete(id);
      line.addonIds = [...ids].sort((a, b) => a - b);
      return;
    }
    case 'sim_swap':
      line.serialNumber = change.serial_number;
      return;
    case 'spend_limit_unbar':
      line.lifted = true;
      line.addonIds = line.addonIds.filter((id) => !(SPEND_LIMIT_BAR_IDS as readonly number[]).includes(id));
      return;
  }
}

/** Halo's ids are whole numbers; anything else names no add-on. */
function addonIds(values: unknown[]): number[] {
  return values.map((value) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw new CarrierFault(422, 'unknown_addon', `No bar add-on ${JSON.stringify(value)}`);
    }
    return value;
  });
}

export function haloSimulation(options: HaloOptions) {
  const lines = new HaloLines(options.now);
  const requests = new ChangeRequests<HaloChange>(options.completionMs);

  function complete(number: string, change: HaloChange): Completion {
    if (options.faults.failsAcceptedChanges(CARRIER)) {
      return { outcome: 'rejected', reason: 'Halo could not apply the change to the subscription' };
    }
    applyChange(lines.get(number), change);
    return { outcome: 'completed' };
  }

  /** The shared path of the three changes: idempotency first, then the fault, then the line's own rules. */
  async function change(request: FastifyRequest, reply: FastifyReply, changeOf: () => HaloChange) {
    const { msisdn } = MsisdnParamsSchema.parse(request.params);
    const number = nationalNumber(msisdn);
    const key = IdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
    if (!key.success) {
      throw new CarrierFault(400, 'idempotency_key_required', 'Send an Idempotency-Key header with every change');
    }
    const earlier = requests.replay(key.data);
    if (earlier) return reply.code(202).send({ request_id: earlier.reference, status: earlier.state });
    if (options.faults.refusesChange(CARRIER)) {
      throw new CarrierFault(422, 'change_refused', 'Halo is not accepting changes to this subscription');
    }
    const requested = changeOf();
    validateChange(lines.get(number), requested);
    const accepted = requests.accept(key.data, number, requested, () => complete(number, requested));
    return reply.code(202).send({ request_id: accepted.reference, status: accepted.state });
  }

  const routes: FastifyPluginAsync = async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (request.headers['x-api-key'] !== options.apiKey) {
        throw new CarrierFault(401, 'unauthorized', 'Missing or unknown X-Api-Key');
      }
    });
    installCarrierErrors(scope, HALO_ERRORS);

    scope.get('/subscriptions/:msisdn', async (request) => {
      const { msisdn } = MsisdnParamsSchema.parse(request.params);
      return subscriptionBody(msisdn, lines.get(nationalNumber(msisdn)));
    });

    scope.get('/tariff-addons', async (request) => {
      const query = parseOrRefuse(HALO_ERRORS, CatalogueQuerySchema, request.query);
      const matching = HALO_ADDONS.filter((addon) => query.type === undefined || addon.type === query.type);
      return { items: matching.slice(0, query.page_size), page_size: query.page_size, total: matching.length };
    });

    scope.get('/sim-validation', async () => ({ ...HALO_SIM_RULE }));

    scope.post('/subscriptions/:msisdn/bars', (request, reply) =>
      change(request, reply, () => {
        const body = parseOrRefuse(HALO_ERRORS, BarsBodySchema, request.body);
        return { type: 'bars', add: addonIds(body.add), remove: addonIds(body.remove) };
      }),
    );

    scope.post('/subscriptions/:msisdn/sim-swap', (request, reply) =>
      change(request, reply, () => ({
        type: 'sim_swap',
        serial_number: parseOrRefuse(HALO_ERRORS, SimSwapBodySchema, request.body).serial_number,
      })),
    );

    scope.post('/subscriptions/:msisdn/spend-limit/unbar', (request, reply) =>
      change(request, reply, () => ({ type: 'spend_limit_unbar' })),
    );

    scope.get('/requests/:requestId', async (request) => {
      const { requestId } = z.object({ requestId: z.string() }).parse(request.params);
      const found = requests.get(requestId);
      if (!found) throw new CarrierFault(404, 'request_not_found', `No request ${requestId}`);
      return requestBody(found);
    });
  };

  return {
    routes,
    requests,
    /** The line as Halo would answer it, by national number. */
    line: (number: string) =>
      UK_MOBILE.test(number) ? subscriptionBody(`44${number.slice(1)}`, lines.get(number)) : undefined,
    reset(): void {
      lines.clear();
      requests.clear();
    },
  };
}
