import { callOperation } from '../../api/operations';
import type { CarrierLine, FirstFamilyLine } from './device-carrier';

/** The bars to add and remove: those whose toggle differs from what the line has, in the carrier's own ids. */
export function barChanges(
  bars: ReadonlyArray<{ key: string; active: boolean }>,
  chosen: Readonly<Record<string, boolean>>,
): { add: string[]; remove: string[] } {
  const add: string[] = [];
  const remove: string[] = [];
  for (const bar of bars) {
    const wanted = chosen[bar.key] ?? bar.active;
    if (wanted && !bar.active) add.push(bar.key);
    if (!wanted && bar.active) remove.push(bar.key);
  }
  return { add, remove };
}

/** Asks the line's carrier (through the portal) to change its bars; the event goes on the contract's order item. */
export function requestBarChanges(
  line: CarrierLine,
  orderItemId: number,
  changes: { add: string[]; remove: string[] },
) {
  const params = { id: line.endpointId };
  if (line.family === 'mobileFirst') {
    return callOperation(line.operations.changeBars, {
      params,
      body: {
        barsToAdd: changes.add.map(Number),
        barsToRemove: changes.remove.map(Number),
        orderItemId,
        addEvent: true,
      },
    });
  }
  return callOperation(line.operations.toggleBar, {
    params,
    body: { barsToAdd: changes.add, barsToRemove: changes.remove, orderItemId },
  });
}

export function requestSimSwap(line: CarrierLine, orderItemId: number, simNumber: string) {
  const params = { id: line.endpointId };
  if (line.family === 'mobileFirst') {
    return callOperation(line.operations.simSwap, { params, body: { serialNumber: simNumber, orderItemId } });
  }
  return callOperation(line.operations.simSwap, { params, body: { simNumber, orderItemId } });
}

export function requestSpendLimitUnbar(line: FirstFamilyLine, orderItemId: number) {
  return callOperation(line.operations.spendLimitUnbar, {
    params: { id: line.endpointId },
    body: { orderItemId, addEvent: true },
  });
}
