import { z } from 'zod';
import { anyOf } from '../../access';
import { odataList } from '../../api';
import type { MobileCarrierEntry } from '../../carriers/registry';
import {
  CARRIER_CALL_ERRORS,
  CARRIER_CHANGE_ERRORS,
  CarrierRequestAcceptedSchema,
  SecondCarrierBarChangeSchema,
  SecondCarrierBarSchema,
  SecondCarrierMobileDetailsSchema,
} from '../../entities/mobile';
import { operation } from '../../operation';
import { idParam, supplierParam } from '../../params';
import { IdSchema } from '../../primitives';
import { SimRuleSchema, simNumberFieldSchema } from '../../rules/sim-number';

// The second mobile API shape, /api/mobile{carrier2}/{supplierId}/{id} (spec 7; docs/decisions/0080, 0165).
// `:supplierId/:id` name the line by its supplier (one of the carrier's) and endpoint id; a change's `orderItemId` is
// its contract's order item, which gets the events. Changes are stored and answered 202, then sent by a worker.

const OperationParams = z.object({ id: idParam('endpoint') });

/** Every operation of one carrier whose portal API has the second mobile shape, below its path segment. */
/*#__NO_SIDE_EFFECTS__*/
export function mobileSecondOperations(carrier: MobileCarrierEntry) {
  // Typed below any segment, so every carrier of the family has one operation type.
  const base: `/api/${string}` = `/api/${carrier.pathSegment}`;
  const SupplierIdSchema = supplierParam(carrier.supplierIds);
  const LineParams = z.object({ supplierId: SupplierIdSchema, id: idParam('endpoint') });
  return {
    details: operation({
      method: 'GET',
      path: `${base}/:supplierId/:id`,
      summary: "The carrier's view of a line of the caller's estate: SIM number and assigned bars",
      access: anyOf('Read', 'EndPointSummary'),
      params: LineParams,
      response: SecondCarrierMobileDetailsSchema,
      errors: CARRIER_CALL_ERRORS,
    }),

    bars: operation({
      method: 'GET',
      path: `${base}/bars/:supplierId/:id`,
      summary: "The bars the line's network offers, each marked active when the line has it",
      access: anyOf('Read', 'EndPointCallBarring'),
      params: LineParams,
      response: odataList(SecondCarrierBarSchema),
      errors: CARRIER_CALL_ERRORS,
    }),

    assignedBars: operation({
      method: 'GET',
      path: `${base}/AssignedBars/:supplierId/:id`,
      summary: 'The bars assigned to the line',
      access: anyOf('Read', 'EndPointCallBarring'),
      params: LineParams,
      response: odataList(SecondCarrierBarSchema),
      errors: CARRIER_CALL_ERRORS,
    }),

    simValidation: operation({
      method: 'GET',
      path: `${base}/SimValidation`,
      summary: "The pattern a new SIM number must match on the supplier's network, with its message",
      access: anyOf('Write', 'EndPointSimSwap'),
      query: z.object({ supplierId: SupplierIdSchema }),
      response: SimRuleSchema,
      errors: CARRIER_CALL_ERRORS,
    }),

    simSwap: operation({
      method: 'POST',
      path: `${base}/SimSwap/:id`,
      summary: 'Asks the carrier to move the line onto a new SIM (accepted, then sent)',
      access: anyOf('Write', 'EndPointSimSwap'),
      params: OperationParams,
      body: z.strictObject({ simNumber: simNumberFieldSchema(carrier.simLength), orderItemId: IdSchema }),
      successStatus: 202,
      response: CarrierRequestAcceptedSchema,
      errors: CARRIER_CHANGE_ERRORS,
    }),

    toggleBar: operation({
      method: 'POST',
      path: `${base}/ToggleBar/:id`,
      summary: 'Asks the carrier to add and remove bars (network suffixes) on the line (accepted, then sent)',
      access: anyOf('Write', 'EndPointCallBarring'),
      params: OperationParams,
      body: SecondCarrierBarChangeSchema,
      successStatus: 202,
      response: CarrierRequestAcceptedSchema,
      errors: CARRIER_CHANGE_ERRORS,
    }),
  };
}
