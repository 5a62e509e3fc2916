import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CarrierFault, type ErrorDialect, installCarrierErrors, parseOrRefuse } from '../carrier-faults.js';
import { SIMULATED_CARRIER } from '../carriers.js';
import { type ChangeRequest, ChangeRequests, type ChangeState, type Completion } from '../change-requests.js';
import type { FaultInjector } from '../fault-injector.js';
import { UK_MOBILE } from '../line-seed.js';
import { isVertexNetwork, VERTEX_BARS, VERTEX_SIM_RULES, type VertexNetwork } from './catalogue.js';
import { type VertexLine, VertexLines } from './lines.js';

// Vertex Wireless's API as the portal meets it (docs/decisions/0080): camelCase, lines by network and national
// number, a bearer token, errors as { faultCode, faultText }, refusals 400, changes idempotent by the
// clientReference in their body, and orders that are OPEN, then DONE or FAILED.

export const VERTEX_PREFIX = '/vertex/api/v1';
const CARRIER = SIMULATED_CARRIER.vertex;

export type VertexChange =
  | { type: 'BAR_CHANGE'; network: VertexNetwork; barsToAdd: string[]; barsToRemove: string[] }
  | { type: 'SIM_SWAP'; network: VertexNetwork; newSimNo: string };

type VertexOptions = { token: string; completionMs: number; faults: FaultInjector };

const ORDER_STATES: Record<ChangeState, 'OPEN' | 'DONE' | 'FAILED'> = {
  pending: 'OPEN',
  completed: 'DONE',
  rejected: 'FAILED',
};

const ClientReferenceSchema = z.object({ clientReference: z.string().trim().min(1).max(200) });
const SuffixesSchema = z.array(z.string()).max(100).default([]);
const BarChangeBodySchema = z.strictObject({
  clientReference: z.string(),
  barsToAdd: SuffixesSchema,
  barsToRemove: SuffixesSchema,
});
const SimSwapBodySchema = z.strictObject({ clientReference: z.string(), newSimNo: z.string() });

const VERTEX_ERRORS: ErrorDialect = {
  name: 'Vertex',
  body: (faultCode, faultText) => ({ faultCode, faultText }),
  invalid: { status: 400, code: 'INVALID_REQUEST' },
  notFoundCode: 'NOT_FOUND',
  internalCode: 'SYSTEM_ERROR',
};

function networkOf(params: unknown): VertexNetwork {
  const network = Number((params as { networkId?: string }).networkId);
  if (!isVertexNetwork(network)) throw new CarrierFault(404, 'NETWORK_NOT_FOUND', 'No such network');
  return network;
}

function numberOf(params: unknown): string {
  const number = String((params as { number?: string }).number);
  if (!UK_MOBILE.test(number)) throw new CarrierFault(404, 'LINE_NOT_FOUND', `No line ${number}`);
  return number;
}

export function lineBody(network: VertexNetwork, number: string, line: VertexLine) {
  return {
    networkId: network,
    number,
    status: 'ACTIVE',
    simNo: line.simNo,
    bars: line.bars.map((networkSuffix) => ({ networkSuffix })),
  };
}

function orderBody(order: ChangeRequest<VertexChange>) {
  return {
    orderRef: order.reference,
    orderType: order.change.type,
    networkId: order.change.network,
    number: order.line,
    state: ORDER_STATES[order.state],
    ...(order.reason ? { failureText: order.reason } : {}),
    createdAt: order.receivedAt,
    ...(order.completedAt ? { closedAt: order.completedAt } : {}),
  };
}

function validateChange(line: VertexLine, change: VertexChange): void {
  if (change.type === 'BAR_CHANGE') {
    const offered = VERTEX_BARS[change.network].map((bar) => bar.networkSuffix);
    const unknown = [...change.barsToAdd, ...change.barsToRemove].find((suffix) => !offered.includes(suffix));
    if (unknown !== undefined) {
      throw new CarrierFault(400, 'UNKNOWN_BAR', `Network ${change.network} has no bar ${unknown}`);
    }
    if (change.barsToAdd.length + change.barsToRemove.length === 0) {
      throw new CarrierFault(400, 'EMPTY_ORDER', 'Name at least one bar to add or remove');
    }
    if (change.barsToAdd.some((suffix) => change.barsToRemove.includes(suffix))) {
      throw new CarrierFault(400, 'CONFLICTING_BARS', 'A bar cannot be both added and removed');
    }
    return;
  }
  const rule = VERTEX_SIM_RULES[change.network];
  if (!new RegExp(rule.pattern).test(change.newSimNo)) throw new CarrierFault(400, 'INVALID_SIM', rule.message);
  if (change.newSimNo === line.simNo) throw new CarrierFault(400, 'SAME_SIM', 'The new SIM is the one in use');
}

function applyChange(line: VertexLine, change: VertexChange): void {
  if (change.type === 'SIM_SWAP') {
    line.simNo = change.newSimNo;
    return;
  }
  const offered = VERTEX_BARS[change.network].map((bar) => bar.networkSuffix);
  const bars = new Set([...line.bars, ...change.barsToAdd]);
  for (const suffix of change.barsToRemove) bars.delete(suffix);
  // Kept in the network's catalogue order, as Vertex lists them.
  line.bars = offered.filter((suffix) => bars.has(suffix));
}

export function vertexSimulation(options: VertexOptions) {
  const lines = new VertexLines();
  let ordersPlaced = 0;
  const orders = new ChangeRequests<VertexChange>(options.completionMs, () => {
    ordersPlaced += 1;
    return `VX${String(10_000_000 + ordersPlaced)}`;
  });

  function complete(number: string, change: VertexChange): Completion {
    if (options.faults.failsAcceptedChanges(CARRIER)) {
      return { outcome: 'rejected', reason: 'The network declined the order' };
    }
    applyChange(lines.get(change.network, number), change);
    return { outcome: 'completed' };
  }

  /** The shared path of both orders: idempotency first, then the fault, then the line's own rules. */
  async function order(
    request: FastifyRequest,
    reply: FastifyReply,
    changeOf: (network: VertexNetwork) => VertexChange,
  ) {
    const network = networkOf(request.params);
    const number = numberOf(request.params);
    const reference = ClientReferenceSchema.safeParse(request.body);
    if (!reference.success) {
      throw new CarrierFault(400, 'MISSING_CLIENT_REFERENCE', 'Every order needs a clientReference');
    }
    const earlier = orders.replay(reference.data.clientReference);
    if (earlier) return reply.code(202).send({ orderRef: earlier.reference, state: ORDER_STATES[earlier.state] });
    if (options.faults.refusesChange(CARRIER)) {
      throw new CarrierFault(400, 'ORDER_REJECTED', 'The network is not accepting orders for this line');
    }
    const requested = changeOf(network);
    validateChange(lines.get(network, number), requested);
    const placed = orders.accept(reference.data.clientReference, number, requested, () => complete(number, requested));
    return reply.code(202).send({ orderRef: placed.reference, state: ORDER_STATES[placed.state] });
  }

  const routes: FastifyPluginAsync = async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (request.headers.authorization !== `Bearer ${options.token}`) {
        throw new CarrierFault(401, 'UNAUTHORISED', 'A valid bearer token is required');
      }
    });
    installCarrierErrors(scope, VERTEX_ERRORS);

    scope.get('/networks/:networkId/lines/:number', async (request) => {
      const network = networkOf(request.params);
      const number = numberOf(request.params);
      return lineBody(network, number, lines.get(network, number));
    });

    scope.get('/networks/:networkId/bars', async (request) => VERTEX_BARS[networkOf(request.params)]);

    scope.get('/networks/:networkId/simValidation', async (request) => ({
      ...VERTEX_SIM_RULES[networkOf(request.params)],
    }));

    scope.post('/networks/:networkId/lines/:number/barChanges', (request, reply) =>
      order(request, reply, (network) => {
        const body = parseOrRefuse(VERTEX_ERRORS, BarChangeBodySchema, request.body);
        return { type: 'BAR_CHANGE', network, barsToAdd: body.barsToAdd, barsToRemove: body.barsToRemove };
      }),
    );

    scope.post('/networks/:networkId/lines/:number/simSwaps', (request, reply) =>
      order(request, reply, (network) => ({
        type: 'SIM_SWAP',
        network,
        newSimNo: parseOrRefuse(VERTEX_ERRORS, SimSwapBodySchema, request.body).newSimNo,
      })),
    );

    scope.get('/orders/:orderRef', async (request) => {
      const { orderRef } = z.object({ orderRef: z.string() }).parse(request.params);
      const found = orders.get(orderRef);
      if (!found) throw new CarrierFault(404, 'ORDER_NOT_FOUND', `No order ${orderRef}`);
      return orderBody(found);
    });
  };

  return {
    routes,
    requests: orders,
    /** The line as Vertex would answer it. */
    line: (network: number, number: string) =>
      isVertexNetwork(network) && UK_MOBILE.test(number)
        ? lineBody(network, number, lines.get(network, number))
        : undefined,
    reset(): void {
      lines.clear();
      // The order counter runs on, so a reference polled from before the reset never names a newer order.
      orders.clear();
    },
  };
}
