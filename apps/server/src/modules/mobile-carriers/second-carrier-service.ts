import {
  MOBILE_SUPPLIER_IDS_BY_CARRIER,
  type OdataList,
  type SecondCarrierBar,
  type SecondCarrierMobileDetails,
} from '@portal/contract';
import { CARRIER_KEY } from '../../carriers/carrier-adapters.js';
import type { SecondCarrierAdapter } from '../../carriers/mobile-carrier.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { askCarrier } from './carrier-failures.js';
import { checkedBarChange, checkSimNumber } from './change-rules.js';
import { asCarrierLine, lineOfSuppliers, requireItemOfLine } from './line-access.js';
import { type Requester, requestChange } from './requests.js';

// Vertex Wireless (suppliers 27 and 36) through the portal: reads pass through its adapter, changes are stored for
// the worker. Reads name the network in the path, and a line on the other network is not found.

const NAME = 'Vertex Wireless';
const SUPPLIERS = MOBILE_SUPPLIER_IDS_BY_CARRIER.second;

const lineOnNetwork = (scope: EstateScope, supplierId: number, id: number) => lineOfSuppliers(scope, id, [supplierId]);

export async function details(
  vertex: SecondCarrierAdapter,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<SecondCarrierMobileDetails> {
  const line = await lineOnNetwork(scope, supplierId, id);
  return askCarrier(NAME, () => vertex.details(asCarrierLine(line)));
}

export async function bars(
  vertex: SecondCarrierAdapter,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<OdataList<SecondCarrierBar>> {
  const line = await lineOnNetwork(scope, supplierId, id);
  return { value: await askCarrier(NAME, () => vertex.bars(asCarrierLine(line))) };
}

export async function assignedBars(
  vertex: SecondCarrierAdapter,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<OdataList<SecondCarrierBar>> {
  const offered = await bars(vertex, scope, supplierId, id);
  return { value: offered.value.filter((bar) => bar.active) };
}

export function simRule(vertex: SecondCarrierAdapter, supplierId: number) {
  return askCarrier(NAME, () => vertex.simRule(supplierId));
}

export async function simSwap(
  vertex: SecondCarrierAdapter,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { simNumber: string; orderItemId: number },
) {
  const line = await lineOfSuppliers(scope, id, SUPPLIERS);
  await requireItemOfLine(scope, line, body.orderItemId);
  const [rule, current] = await askCarrier(NAME, () =>
    Promise.all([vertex.simRule(line.supplier_id), vertex.details(asCarrierLine(line))]),
  );
  checkSimNumber('simNumber', body.simNumber, rule, current.simNo);
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: CARRIER_KEY.vertex,
    change: { kind: 'sim_swap', simNumber: body.simNumber },
    summary: `Change of SIM to ${body.simNumber}`,
  });
}

export async function toggleBar(
  vertex: SecondCarrierAdapter,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { barsToAdd: string[]; barsToRemove: string[]; orderItemId: number },
) {
  const line = await lineOfSuppliers(scope, id, SUPPLIERS);
  await requireItemOfLine(scope, line, body.orderItemId);
  const offered = await askCarrier(NAME, () => vertex.bars(asCarrierLine(line)));
  const change = checkedBarChange(body, new Map(offered.map((bar) => [bar.networkSuffix, bar.description])));
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: CARRIER_KEY.vertex,
    change: { kind: 'call_barring', add: change.add, remove: change.remove },
    summary: change.summary,
  });
}
