import {
  type FirstCarrierBar,
  type FirstCarrierMobileDetails,
  type OdataList,
  SPEND_LIMIT_ADDON_PAGE_SIZE,
  SPEND_LIMIT_ADDON_TYPE,
  SPEND_LIMIT_BAR_ADDON_IDS,
  type SpendLimitStatus,
} from '@portal/contract';
import type { FirstCarrierAdapter } from '../../carriers/mobile-carrier.js';
import { conflict } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { askCarrier } from './carrier-failures.js';
import { checkedBarChange } from './change-rules.js';
import { asCarrierLine, lineOfItemOfSuppliers, lineOfSuppliers, requireItemOfLine } from './line-access.js';
import { type Requester, requestChange, requestSimSwap } from './requests.js';
import type { ServedCarrier } from './served-carrier.js';

// A carrier of the first mobile family through the portal (docs/decisions/0080, 0165): reads pass through its
// adapter, changes are stored for the worker.

type Carrier = ServedCarrier<FirstCarrierAdapter>;

const lineOf = (carrier: Carrier, scope: EstateScope, endpointId: number) =>
  lineOfSuppliers(scope, endpointId, carrier.suppliers);

export async function details(carrier: Carrier, scope: EstateScope, id: number): Promise<FirstCarrierMobileDetails> {
  const line = await lineOf(carrier, scope, id);
  return askCarrier(carrier.name, () => carrier.adapter.details(asCarrierLine(line)));
}

export async function spendLimitStatus(carrier: Carrier, scope: EstateScope, id: number): Promise<SpendLimitStatus> {
  const line = await lineOf(carrier, scope, id);
  return askCarrier(carrier.name, () => carrier.adapter.spendLimitStatus(asCarrierLine(line)));
}

export function simRule(carrier: Carrier) {
  return askCarrier(carrier.name, () => carrier.adapter.simRule());
}

/** The carrier's add-ons of a type for the line of the contract's order item (the bar dialog names the line so). */
export async function tariffAddons(
  carrier: Carrier,
  scope: EstateScope,
  query: { type: number; pagesize: number; orderItemId: number },
): Promise<OdataList<FirstCarrierBar>> {
  const line = await lineOfItemOfSuppliers(scope, query.orderItemId, carrier.suppliers);
  return {
    value: await askCarrier(carrier.name, () =>
      carrier.adapter.tariffAddons(asCarrierLine(line), query.type, query.pagesize),
    ),
  };
}

export async function simSwap(
  carrier: Carrier,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { serialNumber: string; orderItemId: number },
) {
  const line = await lineOf(carrier, scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  const [rule, current] = await askCarrier(carrier.name, () =>
    Promise.all([carrier.adapter.simRule(), carrier.adapter.details(asCarrierLine(line))]),
  );
  return requestSimSwap(scope, requester, carrier, {
    line,
    orderItemId: body.orderItemId,
    field: 'serialNumber',
    simNumber: body.serialNumber,
    rule,
    currentSimNumber: current.serial_number.number,
  });
}

export async function spendLimitUnbar(
  carrier: Carrier,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { orderItemId: number; addEvent: boolean },
) {
  const line = await lineOf(carrier, scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  // Spec 4: the limit is editable while Enabled or Barred; once lifted there is nothing left to remove.
  const status = await askCarrier(carrier.name, () => carrier.adapter.spendLimitStatus(asCarrierLine(line)));
  if (status.lifted) throw conflict('The spend limit of this line is already lifted', { code: 'spend_limit_lifted' });
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: carrier.requestKey,
    change: { kind: 'spend_limit_unbar' },
    summary: 'Removal of the spend-limit bar',
    addEvent: body.addEvent,
  });
}

/**
 * The spend-limit bars (14, 44, 374) are lifted by their own route (spec 4), after its warning, never as plain bars
 * (issue 21, decision 0133).
 */
const RESERVED_BARS = new Map(
  SPEND_LIMIT_BAR_ADDON_IDS.map((id) => [id, 'is a spend-limit bar: lift it from the Spend Limit'] as const),
);

export async function changeBars(
  carrier: Carrier,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { barsToAdd: number[]; barsToRemove: number[]; orderItemId: number; addEvent: boolean },
) {
  const line = await lineOf(carrier, scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  const bars = await askCarrier(carrier.name, () =>
    carrier.adapter.tariffAddons(asCarrierLine(line), SPEND_LIMIT_ADDON_TYPE, SPEND_LIMIT_ADDON_PAGE_SIZE),
  );
  const change = checkedBarChange(body, new Map(bars.map((bar) => [bar.id, bar.name])), RESERVED_BARS);
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: carrier.requestKey,
    change: { kind: 'call_barring', add: change.add, remove: change.remove },
    summary: change.summary,
    addEvent: body.addEvent,
  });
}
