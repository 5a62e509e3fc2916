import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import { ACME, type CarrierTestLine, call, carrierLine, GLOBEX, TEST_CARRIER_TIMINGS } from './carrier-fixtures.js';

// The carriers' reads through the portal (spec 7; docs/decisions/0080, 0087): the line is found in the caller's
// estate and on the route's carrier before the carrier is asked, and a carrier failure is a JSON 5xx.

const simulator = useCarrierSimulator();
const context = useDemoApp(() => ({ CARRIER_SIM_URL: simulator.sim.url }), { carrierTimings: TEST_CARRIER_TIMINGS });
const db = () => context.database.db;
let token = '';
const lines: Record<'halo' | 'vertex27' | 'vertex36' | 'globexHalo' | 'globexVertex', CarrierTestLine> = {} as never;

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
  lines.halo = await carrierLine(db(), ACME, [33]);
  lines.vertex27 = await carrierLine(db(), ACME, [27]);
  lines.vertex36 = await carrierLine(db(), ACME, [36]);
  lines.globexHalo = await carrierLine(db(), GLOBEX, [33]);
  lines.globexVertex = await carrierLine(db(), GLOBEX, [27, 36]);
});

const get = (url: string) => call(context.app, url, { token });

describe('Halo reads', () => {
  it("answer the carrier's view of the caller's own line", async () => {
    const details = await get(`/api/mobileHalo/${lines.halo.endpointId}`);
    expect(details.statusCode).toBe(200);
    const atCarrier = await simulator.sim.haloLine(lines.halo.cli);
    expect(details.json().serial_number.number).toBe(atCarrier.serial_number.number);

    const status = await get(`/api/mobileHalo/SpendLimit/${lines.halo.endpointId}/status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      lifted: details.json().lifted,
      barApplied: details.json().barApplied,
      spendLimit: details.json().monitoring_settings.spend_limit ?? null,
    });

    const rule = await get('/api/mobileHalo/SimValidation');
    expect(rule.statusCode).toBe(200);
    expect(new RegExp(rule.json().regularExpression).test('89412345678')).toBe(true);

    const bars = await get(`/api/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${lines.halo.orderItemId}`);
    expect(bars.statusCode).toBe(200);
    const ids = bars.json().value.map((bar: { id: number }) => bar.id);
    expect(ids).toEqual(expect.arrayContaining([14, 44, 374]));
  });

  it("answers 404 for another company's line, a line of the other carrier, and another company's order item", async () => {
    for (const url of [
      `/api/mobileHalo/${lines.globexHalo.endpointId}`,
      `/api/mobileHalo/SpendLimit/${lines.globexHalo.endpointId}/status`,
      `/api/mobileHalo/${lines.vertex27.endpointId}`,
      `/api/mobileHalo/SpendLimit/${lines.vertex36.endpointId}/status`,
      `/api/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${lines.globexHalo.orderItemId}`,
      `/api/mobileHalo/TariffAddons?type=3&pagesize=100&orderItemId=${lines.vertex27.orderItemId}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('Vertex reads', () => {
  it('answer the line on its own network, its bars and those assigned', async () => {
    for (const line of [lines.vertex27, lines.vertex36]) {
      const details = await get(`/api/mobileVertex/${line.supplierId}/${line.endpointId}`);
      expect(details.statusCode).toBe(200);
      const atCarrier = await simulator.sim.vertexLine(line.supplierId, line.cli);
      expect(details.json().simNo).toBe(atCarrier.simNo);

      const offered = await get(`/api/mobileVertex/bars/${line.supplierId}/${line.endpointId}`);
      expect(offered.statusCode).toBe(200);
      const assigned = await get(`/api/mobileVertex/AssignedBars/${line.supplierId}/${line.endpointId}`);
      expect(assigned.statusCode).toBe(200);
      const active = offered.json().value.filter((bar: { active: boolean }) => bar.active);
      expect(assigned.json().value).toEqual(active);
      expect(
        assigned
          .json()
          .value.map((bar: { networkSuffix: string }) => bar.networkSuffix)
          .sort(),
      ).toEqual(
        details
          .json()
          .bars.map((bar: { networkSuffix: string }) => bar.networkSuffix)
          .sort(),
      );

      const rule = await get(`/api/mobileVertex/SimValidation?supplierId=${line.supplierId}`);
      expect(rule.statusCode).toBe(200);
    }
  });

  it("answers 404 for another company's line, the other network in the path, and a Halo line", async () => {
    const { vertex27, vertex36, globexVertex, halo } = lines;
    for (const url of [
      `/api/mobileVertex/${globexVertex.supplierId}/${globexVertex.endpointId}`,
      `/api/mobileVertex/bars/${globexVertex.supplierId}/${globexVertex.endpointId}`,
      `/api/mobileVertex/36/${vertex27.endpointId}`,
      `/api/mobileVertex/AssignedBars/27/${vertex36.endpointId}`,
      `/api/mobileVertex/27/${halo.endpointId}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses a supplier that is not one of Vertex’s with 400', async () => {
    const response = await get(`/api/mobileVertex/33/${lines.vertex27.endpointId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details?.[0]?.field).toBe('supplierId');
  });
});

describe('a carrier that fails', () => {
  it('answers 503 with a JSON error while the carrier is down, and the answer again once it is back', async () => {
    await simulator.sim.setFault('mobile-33', { mode: 'error' });
    try {
      const response = await get(`/api/mobileHalo/${lines.halo.endpointId}`);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'carrier_unavailable' });
    } finally {
      await simulator.sim.clearFaults();
    }
    // The circuit breaker may still be open for a moment: the portal answers 503 until it closes.
    await expect
      .poll(async () => (await get(`/api/mobileHalo/${lines.halo.endpointId}`)).statusCode, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(200);
  });

  it('answers 504 when the carrier does not answer in time', async () => {
    await simulator.sim.setFault('mobile-27-36', { mode: 'timeout' });
    try {
      const line = lines.vertex27;
      const response = await get(`/api/mobileVertex/${line.supplierId}/${line.endpointId}`);
      expect(response.statusCode, response.body).toBe(504);
      expect(response.json()).toMatchObject({ statusCode: 504, code: 'carrier_timeout' });
    } finally {
      await simulator.sim.clearFaults();
    }
  });
});
