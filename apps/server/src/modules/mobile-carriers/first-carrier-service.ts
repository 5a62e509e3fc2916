import {
  FIRST_CARRIER_HIDDEN_BAR_ID,
  type FirstCarrierBar,
  type FirstCarrierMobileDetails,
  MOBILE_SUPPLIER_IDS_BY_CARRIER,
  type OdataList,
  SPEND_LIMIT_ADDON_PAGE_SIZE,
  SPEND_LIMIT_ADDON_TYPE,
  type SpendLimitStatus,
} from '@portal/contract';
import { CARRIER_KEY } from '../../carriers/carrier-adapters.js';
import type { FirstCarrierAdapter } from '../../carriers/mobile-carrier.js';
import type { EstateScope } from '../../estate/estate-scope.js';
import { conflict, notFound } from '../../http/errors.js';
import { askCarrier } from './carrier-failures.js';
import { checkedBarChange, checkSimNumber } from './change-rules.js';
import { asCarrierLine, lineOfSuppliers, requireItemOfLine } from './line-access.js';
import { lineOfVisibleItem } from './repository.js';
import { type Requester, requestChange } from './requests.js';

// Halo Mobile (supplier 33) through the portal: reads pass through its adapter, changes are stored for the worker.

const NAME = 'Halo Mobile';
const SUPPLIERS = MOBILE_SUPPLIER_IDS_BY_CARRIER.first;

const haloLine = (scope: EstateScope, endpointId: number) => lineOfSuppliers(scope, endpointId, SUPPLIERS);

export async function details(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  id: number,
): Promise<FirstCarrierMobileDetails> {
  const line = await haloLine(scope, id);
  return askCarrier(NAME, () => halo.details(asCarrierLine(line)));
}

export async function spendLimitStatus(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  id: number,
): Promise<SpendLimitStatus> {
  const line = await haloLine(scope, id);
  return askCarrier(NAME, () => halo.spendLimitStatus(asCarrierLine(line)));
}

export function simRule(halo: FirstCarrierAdapter) {
  return askCarrier(NAME, () => halo.simRule());
}

/** The carrier's add-ons of a type for the line of the contract's order item (the bar dialog names the line so). */
export async function tariffAddons(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  query: { type: number; pagesize: number; orderItemId: number },
): Promise<OdataList<FirstCarrierBar>> {
  const endpointId = await lineOfVisibleItem(scope, query.orderItemId);
  if (endpointId === undefined) throw notFound('No such order item');
  const line = await haloLine(scope, endpointId);
  return { value: await askCarrier(NAME, () => halo.tariffAddons(asCarrierLine(line), query.type, query.pagesize)) };
}

export async function simSwap(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { serialNumber: string; orderItemId: number },
) {
  const line = await haloLine(scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  const [rule, current] = await askCarrier(NAME, () =>
    Promise.all([halo.simRule(), halo.details(asCarrierLine(line))]),
  );
  checkSimNumber('serialNumber', body.serialNumber, rule, current.serial_number.number);
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: CARRIER_KEY.halo,
    change: { kind: 'sim_swap', simNumber: body.serialNumber },
    summary: `Change of SIM to ${body.serialNumber}`,
  });
}

export async function spendLimitUnbar(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { orderItemId: number; addEvent: boolean },
) {
  const line = await haloLine(scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  // Spec 4: the limit is editable while Enabled or Barred; once lifted there is nothing left to remove.
  const status = await askCarrier(NAME, () => halo.spendLimitStatus(asCarrierLine(line)));
  if (status.lifted) throw conflict('The spend limit of this line is already lifted', { code: 'spend_limit_lifted' });
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: CARRIER_KEY.halo,
    change: { kind: 'spend_limit_unbar' },
    summary: 'Removal of the spend-limit bar',
    addEvent: body.addEvent,
  });
}

/** The spend-limit bar is lifted by its own route (spec 4), never as a plain bar. */
const RESERVED_BARS = new Map([[FIRST_CARRIER_HIDDEN_BAR_ID, 'is the spend-limit bar: lift it from the Spend Limit']]);

export async function changeBars(
  halo: FirstCarrierAdapter,
  scope: EstateScope,
  requester: Requester,
  id: number,
  body: { barsToAdd: number[]; barsToRemove: number[]; orderItemId: number; addEvent: boolean },
) {
  const line = await haloLine(scope, id);
  await requireItemOfLine(scope, line, body.orderItemId);
  const bars = await askCarrier(NAME, () =>
    halo.tariffAddons(asCarrierLine(line), SPEND_LIMIT_ADDON_TYPE, SPEND_LIMIT_ADDON_PAGE_SIZE),
  );
  const change = checkedBarChange(body, new Map(bars.map((bar) => [bar.id, bar.name])), RESERVED_BARS);
  return requestChange(scope, requester, {
    line,
    orderItemId: body.orderItemId,
    carrier: CARRIER_KEY.halo,
    change: { kind: 'call_barring', add: change.add, remove: change.remove },
    summary: change.summary,
    addEvent: body.addEvent,
  });
}
