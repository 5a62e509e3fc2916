import { API, SIM_LENGTH, type SimNumberContext, SimRuleSchema, simNumberProblem } from '@portal/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCarrierSimulator } from '../support/carrier-simulator.js';
import { signIn, useDemoApp } from '../support/test-app.js';
import { ACME, type CarrierTestLine, call, carrierLine, TEST_CARRIER_TIMINGS } from './carrier-fixtures.js';

// One rule, one place (decision 0173): the SIM swap form's check (the contract's simNumberProblem, as the web calls
// it) and the server's answer agree on every number. The worker is off, so accepted swaps stay queued.

const simulator = useCarrierSimulator();
const context = useDemoApp(() => ({ CARRIER_SIM_URL: simulator.sim.url }), { carrierTimings: TEST_CARRIER_TIMINGS });
const db = () => context.database.db;
let token = '';

beforeAll(async () => {
  token = (await signIn(context.app, 'acme.admin')).accessToken;
});

/** Numbers about the edges: lengths around the limits, stray characters, the carriers' prefixes, the current SIM. */
function candidates(current: string) {
  return fc.oneof(
    fc.constant(current),
    fc.constant(''),
    fc.stringMatching(/^[0-9]{9,22}$/),
    fc.stringMatching(/^89[0-9]{7,20}$/),
    fc.stringMatching(/^[0-9 a-z+-]{10,21}$/),
  );
}

/** What the form knows when it checks: the carrier's length, the carrier's rule and the line's current SIM. */
async function formContext(line: CarrierTestLine, halo: boolean): Promise<SimNumberContext> {
  const ruleUrl = halo
    ? '/api/mobileHalo/SimValidation'
    : `/api/mobileVertex/SimValidation?supplierId=${line.supplierId}`;
  const rule = SimRuleSchema.parse((await call(context.app, ruleUrl, { token })).json());
  const currentSimNumber = halo
    ? (await simulator.sim.haloLine(line.cli)).serial_number.number
    : (await simulator.sim.vertexLine(line.supplierId, line.cli)).simNo;
  return { simLength: halo ? SIM_LENGTH.halo : SIM_LENGTH.vertex, rule, currentSimNumber };
}

describe('the SIM number rule (property)', () => {
  for (const carrier of ['halo', 'vertex'] as const) {
    it(`answers 400 exactly for the numbers the form refuses (${carrier})`, async () => {
      const halo = carrier === 'halo';
      const line = await carrierLine(db(), ACME, halo ? [33] : [36], 2);
      const form = await formContext(line, halo);
      const field = halo ? 'serialNumber' : 'simNumber';
      const url = API.mobileDevice[carrier].simSwap.path.replace(':id', String(line.endpointId));
      await fc.assert(
        fc.asyncProperty(candidates(form.currentSimNumber ?? ''), async (value) => {
          const refusedByForm = simNumberProblem(value, form) !== undefined;
          const response = await call(context.app, url, {
            token,
            payload: { [field]: value, orderItemId: line.orderItemId },
          });
          // Accepted by the rule: 202, or 409 once an earlier accepted swap of the line is still open.
          expect(response.statusCode === 400, `${JSON.stringify(value)}: ${response.body}`).toBe(refusedByForm);
          if (response.statusCode === 400) expect(response.json().details[0].field).toBe(field);
        }),
        { numRuns: 60 },
      );
    });
  }
});
