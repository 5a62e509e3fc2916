import type { CarrierRequestAccepted, SimRule } from '@portal/contract';
import type { CarrierChange } from '../../carriers/mobile-carrier.js';
import { conflict } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { checkSimNumber } from './change-rules.js';
import type { CarrierLineRow } from './line-access.js';
import { storeRequest } from './repository.js';
import type { ServedCarrier } from './served-carrier.js';

/**
 * Who asks for a change: named on the 'In Progress' event, e-mailed where the supplier confirms changes by e-mail,
 * recorded in the audit.
 */
export type Requester = { userId: number; userName: string; requestId: string };

/**
 * Stores a checked change for the worker and answers what the route returns (202): the new request, or the open
 * one it repeats. 409 when another change of the same kind is still open on the line (docs/decisions/0087).
 */
export async function requestChange(
  scope: EstateScope,
  requester: Requester,
  input: {
    line: CarrierLineRow;
    orderItemId: number;
    /** The carrier's request key. */
    carrier: string;
    change: CarrierChange;
    summary: string;
    addEvent?: boolean;
  },
): Promise<CarrierRequestAccepted> {
  const { line } = input;
  const outcome = await storeRequest(scope.db, requester, {
    line,
    orderItemId: input.orderItemId,
    carrier: input.carrier,
    payload: {
      line: { cli: line.identifier, supplierId: line.supplier_id },
      change: input.change,
      summary: input.summary,
      addEvent: input.addEvent ?? true,
    },
  });
  if ('otherOpen' in outcome) {
    throw conflict('A request for changes of this kind is being processed for this line', {
      code: 'change_pending',
    });
  }
  return 'stored' in outcome ? outcome.stored : outcome.repeated;
}

/**
 * A SIM swap of either API family: the new number checked by the contract's rule (the form's own) against the
 * carrier's pattern and the line's current SIM, then stored like any change. 400 names the family's field.
 */
export function requestSimSwap(
  scope: EstateScope,
  requester: Requester,
  carrier: ServedCarrier<unknown>,
  swap: {
    line: CarrierLineRow;
    orderItemId: number;
    field: string;
    simNumber: string;
    rule: SimRule;
    currentSimNumber: string;
  },
) {
  const { line, orderItemId, field, simNumber, rule, currentSimNumber } = swap;
  checkSimNumber(field, simNumber, { simLength: carrier.simLength, rule, currentSimNumber });
  return requestChange(scope, requester, {
    line,
    orderItemId,
    carrier: carrier.requestKey,
    change: { kind: 'sim_swap', simNumber },
    summary: `Change of SIM to ${simNumber}`,
  });
}
