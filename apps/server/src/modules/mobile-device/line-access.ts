import { ENDPOINT_TYPE } from '@portal/contract';
import type { CarrierLine } from '../../carriers/mobile-carrier.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { findMobileLine, lineOfVisibleItem, type MobileLineRow } from './repository.js';

/** A mobile line of the caller's estate served by the carrier that was asked about. */
export type CarrierLineRow = MobileLineRow & { supplier_id: number };

/**
 * The caller's mobile line `endpointId` when one of `suppliers` serves it. A line outside the estate, of another
 * kind or of another carrier (or, for Vertex, another network than the path's) is not found, all alike, so the
 * answer tells nothing of other companies' lines.
 */
export async function lineOfSuppliers(
  scope: EstateScope,
  endpointId: number,
  suppliers: readonly number[],
): Promise<CarrierLineRow> {
  return ofSuppliers(await findMobileLine(scope, endpointId), suppliers, 'No such line');
}

/** The caller's line of an order item (TariffAddons names the line so), when one of `suppliers` serves it. */
export async function lineOfItemOfSuppliers(
  scope: EstateScope,
  orderItemId: number,
  suppliers: readonly number[],
): Promise<CarrierLineRow> {
  const line = await lineOfVisibleItem(scope, orderItemId);
  return ofSuppliers(
    line?.endpoint_type_id === ENDPOINT_TYPE.mobile ? line : undefined,
    suppliers,
    'No such order item',
  );
}

function ofSuppliers(line: MobileLineRow | undefined, suppliers: readonly number[], missing: string): CarrierLineRow {
  if (!line || line.supplier_id === null || !suppliers.includes(line.supplier_id)) throw notFound(missing);
  return { ...line, supplier_id: line.supplier_id };
}

/** The line as the carrier knows it: its national number and its network. */
export function asCarrierLine(line: CarrierLineRow): CarrierLine {
  return { cli: line.identifier, supplierId: line.supplier_id };
}

/**
 * Checks that the order item a change names (its events go there) is one of the line's. An item of no line the
 * caller sees is not found; an item of another of the caller's lines is a mistake worth naming: 400 on
 * `orderItemId` (docs/decisions/0087).
 */
export async function requireItemOfLine(scope: EstateScope, line: CarrierLineRow, orderItemId: number) {
  const itemLine = await lineOfVisibleItem(scope, orderItemId);
  if (!itemLine) throw notFound('No such order item');
  if (itemLine.id !== line.id) {
    const message = 'Must be an order item of the line in the path';
    throw badRequest('The order item is of another line', {
      details: [{ field: 'orderItemId', rule: 'of_the_line', message }],
    });
  }
}
