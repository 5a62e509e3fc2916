import {
  LINE_CONDITIONS,
  STARTING_SPEND_STATES,
  type StartingSpendState,
  startingCondition,
  startingSpendState,
} from '@portal/carrier-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierSimulator, startCarrierSimulator } from '../../test/support/carrier-simulator.js';
import { generateDemoData } from '../db/seed/generate.js';
import { buildBroadbandCarriers } from './broadband-carriers.js';
import { buildMobileCarriers } from './mobile-carriers.js';

// The demo must show every spend-limit state of spec 4 on acme's Halo lines (docs/decisions/0084), and every
// broadband line condition on acme's broadband lines (docs/decisions/0097).

function acmeEndpoints() {
  const { data } = generateDemoData({
    size: 'small',
    seed: 42,
    anchorDay: '2026-11-21',
    reference: {
      // Every demo account's profile, so the generator can make them; their rights do not matter here.
      profiles: new Map(
        ['Company Administrator', 'Finance', 'Site Manager', 'Team Leader', 'Mobile User', 'Broadband User'].map(
          (name, i) => [name, { id: i + 1, level: 'Company' }],
        ),
      ),
      profileFunctionality: new Map(),
    },
    passwordHash: 'not used',
  });
  const acme = data.companies.rows.find((company) => company.name === 'Acme Logistics Ltd')!;
  return data.endpoints.rows.filter((endpoint) => endpoint.company_id === acme.id);
}

function acmeHaloNumbers(): string[] {
  return acmeEndpoints()
    .filter((endpoint) => endpoint.supplier_id === 33)
    .map((endpoint) => endpoint.identifier);
}

/** The 2nd day of next month, after which a spend limit's start makes its state Unknown (spec 4). */
function secondOfNextMonth(today: Date): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 2)).toISOString().slice(0, 10);
}

describe("acme's Halo lines", () => {
  let sim: CarrierSimulator;
  const numbers = acmeHaloNumbers();

  beforeAll(async () => {
    sim = await startCarrierSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('start in every spend-limit state', () => {
    const states = new Set(numbers.map(startingSpendState));
    expect([...states].sort()).toEqual([...STARTING_SPEND_STATES].sort());
  });

  it.each(STARTING_SPEND_STATES)('read as %s through the adapter', async (state: StartingSpendState) => {
    const { halo } = buildMobileCarriers({
      carrierSimUrl: sim.url,
      haloApiKey: 'halo-demo-key',
      vertexApiToken: 'vertex-demo-token',
    });
    const cli = numbers.find((number) => startingSpendState(number) === state)!;
    const status = await halo.spendLimitStatus({ cli, supplierId: 33 });
    const today = new Date().toISOString().slice(0, 10);
    switch (state) {
      case 'lifted':
        expect(status.lifted).toBe(true);
        break;
      case 'barred':
        expect(status).toMatchObject({ lifted: false, barApplied: true });
        expect(status.spendLimit!.effective_from <= today).toBe(true);
        break;
      case 'enabled':
        expect(status).toMatchObject({ lifted: false, barApplied: false });
        expect(status.spendLimit!.effective_from <= today).toBe(true);
        break;
      case 'unknown-none':
        expect(status).toMatchObject({ lifted: false, barApplied: false, spendLimit: null });
        break;
      case 'unknown-future':
        expect(status).toMatchObject({ lifted: false, barApplied: false });
        expect(status.spendLimit!.effective_from > secondOfNextMonth(new Date())).toBe(true);
        break;
    }
  });
});

describe("acme's broadband lines", () => {
  let sim: CarrierSimulator;
  const broadband = acmeEndpoints().filter((endpoint) => endpoint.endpoint_type_id === 3);
  // acme.broadband's line: acme's first fibre line of carrier 494.
  const firstFibre = broadband.find((endpoint) => endpoint.carrier_id === 494 && endpoint.product_line_id === 9)!;

  beforeAll(async () => {
    sim = await startCarrierSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('start in every condition, on both carriers, and acme.broadband’s fibre line is healthy', () => {
    const conditions = new Set(broadband.map((endpoint) => startingCondition(endpoint.identifier)));
    expect([...conditions].sort()).toEqual([...LINE_CONDITIONS].sort());
    for (const carrier of [494, 588]) {
      const ofCarrier = broadband.filter((endpoint) => endpoint.carrier_id === carrier);
      expect(new Set(ofCarrier.map((endpoint) => startingCondition(endpoint.identifier))).size).toBeGreaterThan(2);
    }
    expect(startingCondition(firstFibre.identifier)).toBe('healthy');
  });

  it('give acme.broadband’s fibre line a WLR3 voice service, so its line test runs', async () => {
    const { keystone } = buildBroadbandCarriers({
      carrierSimUrl: sim.url,
      keystoneApiKey: 'keystone-demo-key',
      skylarkApiToken: 'skylark-demo-token',
    });
    const services = await keystone.services({ number: firstFibre.identifier });
    expect(services.map((service) => service.description)).toContain('WLR3');
  });

  it.each(LINE_CONDITIONS)('read as %s through the adapter', async (condition) => {
    const carriers = buildBroadbandCarriers({
      carrierSimUrl: sim.url,
      keystoneApiKey: 'keystone-demo-key',
      skylarkApiToken: 'skylark-demo-token',
    });
    const endpoint = broadband.find((candidate) => startingCondition(candidate.identifier) === condition)!;
    const adapter = endpoint.carrier_id === 494 ? carriers.keystone : carriers.skylark;
    const status = await adapter.liveStatus({ number: endpoint.identifier });
    expect(status.active).toBe(condition !== 'suspended');
    expect(status.connected).toBe(condition !== 'suspended' && condition !== 'disconnected');
    if (status.connected) {
      const lastSessionStarted = Date.parse(status.connectedFrom!);
      // A line that keeps dropping has been in sync for minutes, a good one for a day or more.
      const minutes = (Date.now() - lastSessionStarted) / 60_000;
      if (condition === 'dropping') expect(minutes).toBeLessThan(60);
      if (condition === 'healthy') expect(minutes).toBeGreaterThan(60 * 24);
    }
  });
});
