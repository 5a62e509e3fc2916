import { carrierSimControl } from '@portal/carrier-sim/control';
import { afterEach, describe, expect, inject, it } from 'vitest';

// The run's one carrier simulator (global-setup.ts): every portal server's CARRIER_SIM_URL, and what tests of the
// mobile pages break or inspect through its control API.

const sim = carrierSimControl(inject('carrierSimUrl'));

afterEach(async () => {
  await sim.clearFaults();
  await sim.resetLines();
});

describe('the carrier simulator of the browser tests', () => {
  it("answers for acme's first Halo line with the portal's default key", async () => {
    const response = await fetch(`${inject('carrierSimUrl')}/halo/v2/subscriptions/447100000000`, {
      headers: { 'x-api-key': 'halo-demo-key' },
    });
    expect(response.status).toBe(200);
    const line = await sim.haloLine('07100000000');
    expect(((await response.json()) as typeof line).serial_number).toEqual(line.serial_number);
  });

  it('takes faults from tests', async () => {
    await sim.setFault('mobile-27-36', { mode: 'error', times: 1 });
    const url = `${inject('carrierSimUrl')}/vertex/api/v1/networks/27/bars`;
    const headers = { authorization: 'Bearer vertex-demo-token' };
    expect((await fetch(url, { headers })).status).toBe(503);
    expect((await fetch(url, { headers })).status).toBe(200);
  });
});
