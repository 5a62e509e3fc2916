import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import {
  ACME,
  type CarrierTestLine,
  call,
  carrierLine,
  GLOBEX,
  TEST_CARRIER_TIMINGS,
  writesOf,
} from './carrier-fixtures.js';

// Changes through the portal (docs/decisions/0080, 0087): checked against the line, the order item and the
// carrier, then stored with their 'In Progress' event in one transaction and answered 202. The worker is off here.

const simulator = useCarrierSimulator();
const context = useDemoApp(() => ({ CARRIER_SIM_URL: simulator.sim.url }), { carrierTimings: TEST_CARRIER_TIMINGS });
const db = () => context.database.db;
let token = '';

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});

const post = (url: string, payload: Record<string, unknown>) => call(context.app, url, { token, payload });
const haloLine = (nth: number) => carrierLine(db(), ACME, [33], nth);
const vertexLine = (supplier: 27 | 36, nth: number) => carrierLine(db(), ACME, [supplier], nth);

/** A SIM the line does not have that the carrier's rule accepts. */
async function newSim(line: CarrierTestLine): Promise<string> {
  if (line.supplierId === 33) {
    const current = (await simulator.sim.haloLine(line.cli)).serial_number.number;
    return current === '89400000001' ? '89400000002' : '89400000001';
  }
  const current = (await simulator.sim.vertexLine(line.supplierId, line.cli)).simNo;
  const candidate = '8944000000000000001';
  return current === candidate ? '8944000000000000002' : candidate;
}

/** Sends a change that must be refused, and checks it wrote nothing: no request, no event. */
async function expectRefused(
  line: CarrierTestLine,
  send: () => ReturnType<typeof post>,
  status: number,
  detail?: { field: string; rule: string },
) {
  const before = await writesOf(db(), line);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  if (detail) expect(response.json().details).toEqual([expect.objectContaining(detail)]);
  expect(await writesOf(db(), line)).toEqual(before);
}

describe('a SIM swap', () => {
  it('stores one queued request and one In Progress event naming the user, and answers 202', async () => {
    const line = await haloLine(0);
    const before = await writesOf(db(), line);
    const serialNumber = await newSim(line);
    const response = await post(`/api/mobileHalo/simswap/${line.endpointId}`, {
      serialNumber,
      orderItemId: line.orderItemId,
    });
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json();
    expect(accepted).toEqual({ id: expect.any(Number), status: 'queued' });

    const after = await writesOf(db(), line);
    expect(after.requests).toHaveLength(1);
    expect(after.requests[0]).toMatchObject({
      id: accepted.id,
      status: 'queued',
      kind: 'sim_swap',
      carrier: 'mobile-33',
      order_item_id: line.orderItemId,
      attempts: 0,
      payload: { line: { cli: line.cli, supplierId: 33 }, change: { kind: 'sim_swap', simNumber: serialNumber } },
    });
    expect(after.requests[0]?.next_attempt_at).not.toBeNull();
    expect(after.events.slice(before.events.length)).toEqual([
      { status: 'In Progress', user_name: 'acme.admin', notes: expect.stringContaining(serialNumber) },
    ]);

    const events = await call(context.app, `/api/orders/orderItems/${line.orderItemId}/events`, { token });
    expect(events.json().value[0]).toMatchObject({ status: 'In Progress', user: 'acme.admin' });
  });

  it('answers a double click with the same request and writes nothing more; another SIM meanwhile is 409', async () => {
    const line = await vertexLine(27, 0);
    const simNumber = await newSim(line);
    const body = { simNumber, orderItemId: line.orderItemId };
    const before = await writesOf(db(), line);
    const [first, second] = await Promise.all([
      post(`/api/mobileVertex/SimSwap/${line.endpointId}`, body),
      post(`/api/mobileVertex/SimSwap/${line.endpointId}`, body),
    ]);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    const writes = await writesOf(db(), line);
    expect(writes.requests).toHaveLength(1);
    expect(writes.events.slice(before.events.length)).toEqual([expect.objectContaining({ status: 'In Progress' })]);

    const other = await post(`/api/mobileVertex/SimSwap/${line.endpointId}`, {
      simNumber: simNumber.replace(/.$/, (digit) => String((Number(digit) + 5) % 10)),
      orderItemId: line.orderItemId,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'change_pending' });
    expect((await writesOf(db(), line)).requests).toHaveLength(1);
  });

  it('refuses a 10-digit SIM for Halo, the current SIM, and a Vertex 36 SIM its network does not take', async () => {
    const halo = await haloLine(1);
    await expectRefused(
      halo,
      () =>
        post(`/api/mobileHalo/simswap/${halo.endpointId}`, {
          serialNumber: '8940000000',
          orderItemId: halo.orderItemId,
        }),
      400,
      { field: 'serialNumber', rule: 'invalid_format' },
    );
    const current = (await simulator.sim.haloLine(halo.cli)).serial_number.number;
    await expectRefused(
      halo,
      () =>
        post(`/api/mobileHalo/simswap/${halo.endpointId}`, { serialNumber: current, orderItemId: halo.orderItemId }),
      400,
      { field: 'serialNumber', rule: 'differs_from_current' },
    );

    const vertex36 = await vertexLine(36, 0);
    // 16 digits pass the contract's 15 to 20 but not network 36's own rule (19).
    await expectRefused(
      vertex36,
      () =>
        post(`/api/mobileVertex/SimSwap/${vertex36.endpointId}`, {
          simNumber: '8944000000000001',
          orderItemId: vertex36.orderItemId,
        }),
      400,
      { field: 'simNumber', rule: 'carrier_pattern' },
    );
  });
});

describe('who and what a change may name', () => {
  it("answers 404 for another company's line or order item, and for a line of the other carrier", async () => {
    const own = await haloLine(2);
    const globex = await carrierLine(db(), GLOBEX, [33]);
    const vertex = await vertexLine(27, 1);
    const bars = { barsToAdd: [52], barsToRemove: [], addEvent: true };
    await expectRefused(
      globex,
      () => post(`/api/mobileHalo/bars/${globex.endpointId}`, { ...bars, orderItemId: globex.orderItemId }),
      404,
    );
    await expectRefused(
      own,
      () => post(`/api/mobileHalo/bars/${own.endpointId}`, { ...bars, orderItemId: globex.orderItemId }),
      404,
    );
    await expectRefused(
      vertex,
      () => post(`/api/mobileHalo/bars/${vertex.endpointId}`, { ...bars, orderItemId: vertex.orderItemId }),
      404,
    );
    await expectRefused(
      own,
      () =>
        post(`/api/mobileVertex/ToggleBar/${own.endpointId}`, {
          barsToAdd: ['X'],
          barsToRemove: [],
          orderItemId: own.orderItemId,
        }),
      404,
    );
  });

  it("answers 400 naming orderItemId for an order item of another of the caller's lines", async () => {
    const own = await haloLine(2);
    const other = await haloLine(3);
    await expectRefused(
      own,
      () =>
        post(`/api/mobileHalo/bars/${own.endpointId}`, {
          barsToAdd: [52],
          barsToRemove: [],
          orderItemId: other.orderItemId,
          addEvent: true,
        }),
      400,
      { field: 'orderItemId', rule: 'of_the_line' },
    );
  });
});

describe('a bar change', () => {
  it('refuses no change, a bar in both lists, a bar the carrier does not have, and the spend-limit bar', async () => {
    const line = await haloLine(4);
    const url = `/api/mobileHalo/bars/${line.endpointId}`;
    const body = (barsToAdd: number[], barsToRemove: number[]) => ({
      barsToAdd,
      barsToRemove,
      orderItemId: line.orderItemId,
      addEvent: true,
    });
    await expectRefused(line, () => post(url, body([], [])), 400, { field: 'barsToAdd', rule: 'at_least_one_change' });
    await expectRefused(line, () => post(url, body([52], [52])), 400, { field: 'barsToRemove', rule: 'not_in_both' });
    await expectRefused(line, () => post(url, body([99_999], [])), 400, { field: 'barsToAdd', rule: 'in_catalogue' });
    // Every spend-limit bar: lifting it is the Spend Limit's, after its warning (issue 21).
    for (const bar of [14, 44, 374]) {
      await expectRefused(line, () => post(url, body([], [bar])), 400, { field: 'barsToRemove', rule: 'not_reserved' });
    }
    await expectRefused(line, () => post(url, body([44], [])), 400, { field: 'barsToAdd', rule: 'not_reserved' });

    const vertex = await vertexLine(36, 1);
    const offered = await call(context.app, `/api/mobileVertex/bars/36/${vertex.endpointId}`, { token });
    const suffix = offered.json().value[0].networkSuffix as string;
    await expectRefused(
      vertex,
      () =>
        post(`/api/mobileVertex/ToggleBar/${vertex.endpointId}`, {
          barsToAdd: ['NO_SUCH_BAR'],
          barsToRemove: [suffix],
          orderItemId: vertex.orderItemId,
        }),
      400,
      { field: 'barsToAdd', rule: 'in_catalogue' },
    );
  });

  it('stores a valid change with the bars named in the event, and its request makes the line pending', async () => {
    const line = await vertexLine(36, 2);
    const pendingUrl = `/api/orders/pending/${line.cli}/${line.orderItemId}`;
    const before = await call(context.app, pendingUrl, { token });
    expect(before.json()).toEqual({ isPending: false, daysPending: 0 });

    const offered = (await call(context.app, `/api/mobileVertex/bars/36/${line.endpointId}`, { token })).json()
      .value as Array<{ networkSuffix: string; description: string; active: boolean }>;
    const bar = offered.find((candidate) => !candidate.active) ?? offered[0];
    if (!bar) throw new Error('network 36 offers no bars');
    const response = await post(`/api/mobileVertex/ToggleBar/${line.endpointId}`, {
      barsToAdd: [bar.networkSuffix],
      barsToRemove: [],
      orderItemId: line.orderItemId,
    });
    expect(response.statusCode, response.body).toBe(202);
    const writes = await writesOf(db(), line);
    expect(writes.requests).toHaveLength(1);
    expect(writes.requests[0]?.payload).toMatchObject({
      change: { kind: 'call_barring', add: [bar.networkSuffix], remove: [] },
    });
    expect(writes.events.at(-1)).toMatchObject({
      status: 'In Progress',
      notes: expect.stringContaining(bar.description),
    });

    const after = await call(context.app, pendingUrl, { token });
    expect(after.json()).toEqual({ isPending: true, daysPending: 0 });

    // The same bars again (a double click, or the page retrying) are the same request.
    const again = await post(`/api/mobileVertex/ToggleBar/${line.endpointId}`, {
      barsToAdd: [bar.networkSuffix, bar.networkSuffix],
      barsToRemove: [],
      orderItemId: line.orderItemId,
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual(response.json());
    expect((await writesOf(db(), line)).requests).toHaveLength(1);
  });

  it('nothing is stored when the carrier cannot check the change: 503', async () => {
    const line = await haloLine(5);
    await simulator.sim.setFault('mobile-33', { mode: 'error' });
    try {
      await expectRefused(
        line,
        () =>
          post(`/api/mobileHalo/bars/${line.endpointId}`, {
            barsToAdd: [52],
            barsToRemove: [],
            orderItemId: line.orderItemId,
            addEvent: true,
          }),
        503,
      );
    } finally {
      await simulator.sim.clearFaults();
    }
  });
});
