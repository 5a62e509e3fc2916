import {
  API,
  broadbandDiagnosticsOperationsOf,
  CARRIER_REGISTRY,
  type CarrierRegistry,
  faultReportOperationsOf,
  mobileDeviceOperationsOf,
  type OperationArea,
  operationListOf,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { syncCarrierRegistry } from '../src/db/carrier-registry.js';
import { broadbandLine, carrierLine } from './mobile-device/carrier-fixtures.js';
import { useCarrierSimulator } from './support/carrier-simulator.js';
import { bearer, signIn, useDemoApp } from './support/test-app.js';
import { missingFixtures } from './sweeps/fixture-needs.js';

// A carrier on an existing API family is one registry entry (docs/decisions/0165): from it alone the table has its
// operations, the app routes them to the adapter it names, the database takes its lines, and the sweeps can cover it.

const NIMBUS = {
  kind: 'mobile',
  name: 'Nimbus Mobile',
  supplierIds: [41],
  emailConfirmingSupplierIds: [],
  family: 'mobileFirst',
  pathSegment: 'mobileNimbus',
  adapter: 'halo',
  simLength: { min: 11, max: 11 },
  alertBars: { 41: { data: 44, calls: 14 } },
} as const;
const BROOK = {
  kind: 'broadband',
  name: 'Brook Broadband',
  carrierId: 701,
  ownProductLineIds: [],
  family: 'broadbandDiagnostics',
  pathSegment: 'broadbandBrook',
  adapter: 'keystone',
} as const;
const REGISTRY = { ...CARRIER_REGISTRY, nimbus: NIMBUS, brook: BROOK } as const satisfies CarrierRegistry;

const TABLE = {
  ...API,
  mobileDevice: mobileDeviceOperationsOf(REGISTRY),
  broadbandDiagnostics: broadbandDiagnosticsOperationsOf(REGISTRY),
  faultReports: faultReportOperationsOf(REGISTRY),
};

const schemaOf = (schema: z.ZodType | undefined) =>
  schema && z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * An area's operations as the table declares them (schemas as JSON Schema: each carrier's are schemas of their own),
 * with the path segment of one carrier put for another's.
 */
function declared(area: OperationArea, segment: string) {
  return Object.entries(area).map(([name, operation]) => ({
    name,
    ...operation,
    path: operation.path.replace(`/api/${segment}`, '/api/{carrier}'),
    params: schemaOf(operation.params),
    query: schemaOf(operation.query),
    body: schemaOf(operation.body),
    headers: schemaOf(operation.headers),
    response: schemaOf(operation.response),
    errors: Object.fromEntries(
      Object.entries(operation.errors ?? {}).map(([status, error]) => [status, schemaOf(error)]),
    ),
  }));
}

describe('a carrier added to the registry', () => {
  it('gets every operation of its family, declared as the family declares them, below its own path segment', () => {
    expect(declared(TABLE.mobileDevice.nimbus, 'mobileNimbus')).toEqual(declared(API.mobileDevice.halo, 'mobileHalo'));
    expect(declared(TABLE.broadbandDiagnostics.brook, 'broadbandBrook')).toEqual(
      declared(API.broadbandDiagnostics.keystone, 'broadbandKeystone'),
    );
    expect(TABLE.faultReports.brook.reportFault.path).toBe('/api/broadbandBrook/:id/reportFault');
    const added = operationListOf(TABLE, REGISTRY).filter(
      ({ carrier }) => carrier?.entry === NIMBUS || carrier?.entry === BROOK,
    );
    expect(added).toHaveLength(
      Object.keys(API.mobileDevice.halo).length + Object.keys(API.broadbandDiagnostics.keystone).length + 1,
    );
  });

  it('needs no fixture of its own for the sweeps: its family’s examples and targets cover it', () => {
    expect(missingFixtures(operationListOf(TABLE, REGISTRY))).toEqual([]);
  });

  it('leaves the contract’s own table as it was', () => {
    expect(Object.keys(API.mobileDevice)).toEqual(['halo', 'vertex']);
    expect(mobileDeviceOperationsOf(CARRIER_REGISTRY)).toBe(API.mobileDevice);
  });
});

describe('a carrier added to the registry, served', () => {
  const simulator = useCarrierSimulator();
  const context = useDemoApp(() => ({ CARRIER_SIM_URL: simulator.sim.url }), { carrierRegistry: REGISTRY });
  const db = () => context.database.db;
  let token = '';

  beforeAll(async () => {
    token = (await signIn(context.app, 'acme.admin')).accessToken;
  });

  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('has lines the database takes only once the registry is synced', async () => {
    const line = await carrierLine(db(), 'Acme Logistics Ltd', CARRIER_REGISTRY.halo.supplierIds, 0);
    const moveToNimbus = () =>
      db()
        .updateTable('endpoints')
        .set({ supplier_id: NIMBUS.supplierIds[0] })
        .where('id', '=', line.endpointId)
        .execute();
    await expect(moveToNimbus()).rejects.toThrow(/foreign key/);
    await syncCarrierRegistry(db(), REGISTRY);
    await moveToNimbus();

    // Its routes reach its adapter's carrier for its lines, and the carrier the line left no longer answers for it.
    const details = await get(`/api/mobileNimbus/${line.endpointId}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().serial_number.number).toMatch(/^[0-9]{11}$/);
    expect((await get(`/api/mobileHalo/${line.endpointId}`)).statusCode).toBe(404);
    expect((await get('/api/mobileNimbus/SimValidation')).statusCode).toBe(200);
  });

  it('has its diagnostics routed to its adapter, for its lines only', async () => {
    await syncCarrierRegistry(db(), REGISTRY);
    const line = await broadbandLine(db(), 'Acme Logistics Ltd', CARRIER_REGISTRY.keystone.carrierId);
    expect((await get(`/api/broadbandBrook/${line.orderItemId}/onlineStatus`)).statusCode).toBe(404);
    await db()
      .updateTable('endpoints')
      .set({ carrier_id: BROOK.carrierId })
      .where('id', '=', line.endpointId)
      .execute();
    const status = await get(`/api/broadbandBrook/${line.orderItemId}/onlineStatus`);
    expect(status.statusCode, status.body).toBe(200);
    expect((await get(`/api/broadbandKeystone/${line.orderItemId}/onlineStatus`)).statusCode).toBe(404);
  });

  it('is refused without the permission its family’s operation asks for, as every carrier’s is', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/mobileNimbus/SimValidation' })).statusCode).toBe(401);
  });
});
