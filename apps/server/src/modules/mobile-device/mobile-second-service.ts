import type { OdataList, SecondCarrierBar, SecondCarrierMobileDetails } from '@portal/contract';
import type { SecondCarrierAdapter } from '../../carriers/mobile-carrier.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { askCarrier } from './carrier-failures.js';
import { checkedBarChange } from './change-rules.js';
import { asCarrierLine, lineOfSuppliers, requireItemOfLine } from './line-access.js';
import { type Requester, requestChange, requestSimSwap } from './requests.js';
import type { ServedCarrier } from './served-carrier.js';

// A carrier of the second mobile family through the portal (docs/decisions/0080, 0165): reads pass through its
// adapter, changes are stored for the worker. Reads name the network in the path, and a line on another network is
// not found.

type Carrier = ServedCarrier<SecondCarrierAdapter>;

const lineOnNetwork = (scope: EstateScope, supplierId: number, id: number) => lineOfSuppliers(scope, id, [supplierId]);

export async function details(
  carrier: Carrier,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<SecondCarrierMobileDetails> {
  const line = await lineOnNetwork(scope, supplierId, id);
  return askCarrier(carrier.name, () => carrier.adapter.details(asCarrierLine(line)));
}

export async function bars(
  carrier: Carrier,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<OdataList<SecondCarrierBar>> {
  const line = await lineOnNetwork(scope, supplierId, id);
  return { value: await askCarrier(carrier.name, () => carrier.adapter.bars(asCarrierLine(line))) };
}

export async function assignedBars(
  carrier: Carrier,
  scope: EstateScope,
  supplierId: number,
  id: number,
): Promise<OdataList<SecondCarrierBar>> {
  const offered = await bars(carrier, scope, supplierId, id);
  return { value: offered.value.filter((bar) => bar.active) };
}

export function simRule(carrier: Carrier, supplierId: number) {
  return askCarrier(carrier.name, () => carrier.adapter.simRule(supplierId));
}

export async function simSwap(
  carrier: Carrier,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { simNumber: string; orderItemId: number },
) {
  const line = await lineOfSuppliers(scope, id, carrier.suppliers);
  await requireItemOfLine(scope, line, body.orderItemId);
  const [rule, current] = await askCarrier(carrier.name, () =>
    Promise.all([carrier.adapter.simRule(line.supplier_id), carrier.adapter.details(asCarrierLine(line))]),
  );
  return requestSimSwap(scope, requester, carrier, {
    line,
    orderItemId: body.orderItemId,
    field: 'simNumber',
    simNumber: body.simNumber,
    rule,
    currentSimNumber: current.simNo,
  });
}

export async function toggleBar(
  carrier: Carrier,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { barsToAdd: string[]; barsToRemove: string[]; orderItemId: number },
) {
  const line = await lineOfSuppliers(scope, id, carrier.suppliers);
  await requireItemOfLine(scope, line, body.orderItemId);
  const offered = await askCarrier(carrier.name, () => carrier.adapter.bars(asCarrierLine(line)));
  const change = checkedBarChange(body, new Map(offered.map((bar) => [bar.networkSuffix, bar.description])));
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: carrier.requestKey,
    change: { kind: 'call_barring', add: change.add, remove: change.remove },
    summary: change.summary,
  });
}
