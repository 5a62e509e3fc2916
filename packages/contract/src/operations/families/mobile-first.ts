import { z } from 'zod';
import { anyOf } from '../../access';
import { ApiErrorSchema, odataList } from '../../api';
import type { MobileCarrierEntry } from '../../carriers/registry';
import {
  CARRIER_CALL_ERRORS,
  CARRIER_CHANGE_ERRORS,
  CarrierRequestAcceptedSchema,
  FirstCarrierBarChangeSchema,
  FirstCarrierBarSchema,
  FirstCarrierMobileDetailsSchema,
  SpendLimitStatusSchema,
  SpendLimitUnbarSchema,
} from '../../entities/mobile';
import { operation } from '../../operation';
import { idParam } from '../../params';
import { IdSchema, wholeNumberParam } from '../../primitives';
import { SimRuleSchema, simNumberFieldSchema } from '../../rules/sim-number';

// The first mobile API shape, /api/mobile{carrier1}/{id} (spec 7, Mobile carriers; docs/decisions/0080, 0165).
// `:id` is the line (endpoint id); a change's `orderItemId` is its contract's order item, which gets the events.
// Changes are stored and answered 202, then sent by a worker.

const OperationParams = z.object({ id: idParam('endpoint') });

/** Every operation of one carrier whose portal API has the first mobile shape, below its path segment. */
/*#__NO_SIDE_EFFECTS__*/
export function mobileFirstOperations(carrier: MobileCarrierEntry) {
  // Typed below any segment, so every carrier of the family has one operation type.
  const base: `/api/${string}` = `/api/${carrier.pathSegment}`;
  return {
    details: operation({
      method: 'GET',
      path: `${base}/:id`,
      summary: "The carrier's view of a line of the caller's estate: SIM serial, add-ons, spend-limit monitoring",
      access: anyOf('Read', 'EndPointSummary'),
      params: OperationParams,
      response: FirstCarrierMobileDetailsSchema,
      errors: CARRIER_CALL_ERRORS,
    }),

    spendLimitStatus: operation({
      method: 'GET',
      path: `${base}/SpendLimit/:id/status`,
      summary: 'Whether the spend limit of a line is lifted or its bar applied, with the limit itself',
      access: anyOf('Read', 'EndPointSummary'),
      params: OperationParams,
      response: SpendLimitStatusSchema,
      errors: CARRIER_CALL_ERRORS,
    }),

    simValidation: operation({
      method: 'GET',
      path: `${base}/SimValidation`,
      summary: 'The pattern a new SIM serial must match, with the message to show when it does not',
      access: anyOf('Write', 'EndPointSimSwap'),
      response: SimRuleSchema,
      errors: CARRIER_CALL_ERRORS,
    }),

    simSwap: operation({
      method: 'POST',
      path: `${base}/simswap/:id`,
      summary: 'Asks the carrier to move the line onto a new SIM (accepted, then sent)',
      access: anyOf('Write', 'EndPointSimSwap'),
      params: OperationParams,
      body: z.strictObject({ serialNumber: simNumberFieldSchema(carrier.simLength), orderItemId: IdSchema }),
      successStatus: 202,
      response: CarrierRequestAcceptedSchema,
      errors: CARRIER_CHANGE_ERRORS,
    }),

    spendLimitUnbar: operation({
      method: 'POST',
      path: `${base}/SpendLimit/:id/Unbar`,
      summary: 'Asks the carrier to lift the spend-limit bar of the line (accepted, then sent)',
      access: anyOf('Write', 'EndPointLiftSpendLimit'),
      params: OperationParams,
      body: SpendLimitUnbarSchema,
      successStatus: 202,
      response: CarrierRequestAcceptedSchema,
      errors: CARRIER_CHANGE_ERRORS,
    }),

    changeBars: operation({
      method: 'POST',
      path: `${base}/bars/:id`,
      summary: 'Asks the carrier to add and remove bars (add-on ids) on the line (accepted, then sent)',
      access: anyOf('Write', 'EndPointCallBarring'),
      params: OperationParams,
      body: FirstCarrierBarChangeSchema,
      successStatus: 202,
      response: CarrierRequestAcceptedSchema,
      errors: CARRIER_CHANGE_ERRORS,
    }),

    tariffAddons: operation({
      method: 'GET',
      path: `${base}/TariffAddons`,
      summary: "The carrier's add-ons of a type, each marked active when the line has it (type 3: the bars)",
      access: anyOf('Read', 'EndPointCallBarring', 'EndPointSummary'),
      query: z.object({
        type: wholeNumberParam(1, 99),
        pagesize: wholeNumberParam(1, 100),
        orderItemId: idParam('orderItem'),
      }),
      response: odataList(FirstCarrierBarSchema),
      errors: { ...CARRIER_CALL_ERRORS, 404: ApiErrorSchema },
    }),
  };
}
