import { z } from 'zod';
import { anyOf } from '../access';
import { ApiErrorSchema, odataList } from '../api';
import { endpoint } from '../endpoint';
import {
  CARRIER_CALL_ERRORS,
  CARRIER_CHANGE_ERRORS,
  CarrierRequestAcceptedSchema,
  FirstCarrierBarChangeSchema,
  FirstCarrierBarSchema,
  FirstCarrierMobileDetailsSchema,
  FirstCarrierSimSwapSchema,
  SimRuleSchema,
  SpendLimitStatusSchema,
  SpendLimitUnbarSchema,
} from '../entities/mobile';
import { idParam } from '../params';

// The first mobile carrier, Halo (supplier 33), through the portal (spec 7, Mobile carriers; docs/decisions/0080).
// `:id` is the line (endpoint id); a change's `orderItemId` is its contract's order item, which gets the events.
// Changes are stored and answered 202, then sent by a worker.

const EndpointParams = z.object({ id: idParam('endpoint') });

export const details = endpoint({
  method: 'GET',
  path: '/api/mobileHalo/:id',
  summary: "The carrier's view of a line of the caller's estate: SIM serial, add-ons, spend-limit monitoring",
  access: anyOf('Read', 'EndPointSummary'),
  params: EndpointParams,
  response: FirstCarrierMobileDetailsSchema,
  errors: CARRIER_CALL_ERRORS,
});

export const spendLimitStatus = endpoint({
  method: 'GET',
  path: '/api/mobileHalo/SpendLimit/:id/status',
  summary: 'Whether the spend limit of a line is lifted or its bar applied, with the limit itself',
  access: anyOf('Read', 'EndPointSummary'),
  params: EndpointParams,
  response: SpendLimitStatusSchema,
  errors: CARRIER_CALL_ERRORS,
});

export const simValidation = endpoint({
  method: 'GET',
  path: '/api/mobileHalo/SimValidation',
  summary: 'The pattern a new SIM serial must match, with the message to show when it does not',
  access: anyOf('Write', 'EndPointSimSwap'),
  response: SimRuleSchema,
  errors: CARRIER_CALL_ERRORS,
});

export const simSwap = endpoint({
  method: 'POST',
  path: '/api/mobileHalo/simswap/:id',
  summary: 'Asks the carrier to move the line onto a new SIM (accepted, then sent)',
  access: anyOf('Write', 'EndPointSimSwap'),
  params: EndpointParams,
  body: FirstCarrierSimSwapSchema,
  successStatus: 202,
  response: CarrierRequestAcceptedSchema,
  errors: CARRIER_CHANGE_ERRORS,
});

export const spendLimitUnbar = endpoint({
  method: 'POST',
  path: '/api/mobileHalo/SpendLimit/:id/Unbar',
  summary: 'Asks the carrier to lift the spend-limit bar of the line (accepted, then sent)',
  access: anyOf('Write', 'EndPointLiftSpendLimit'),
  params: EndpointParams,
  body: SpendLimitUnbarSchema,
  successStatus: 202,
  response: CarrierRequestAcceptedSchema,
  errors: CARRIER_CHANGE_ERRORS,
});

export const changeBars = endpoint({
  method: 'POST',
  path: '/api/mobileHalo/bars/:id',
  summary: 'Asks the carrier to add and remove bars (add-on ids) on the line (accepted, then sent)',
  access: anyOf('Write', 'EndPointCallBarring'),
  params: EndpointParams,
  body: FirstCarrierBarChangeSchema,
  successStatus: 202,
  response: CarrierRequestAcceptedSchema,
  errors: CARRIER_CHANGE_ERRORS,
});

export const tariffAddons = endpoint({
  method: 'GET',
  path: '/api/mobileHalo/TariffAddons',
  summary: "The carrier's add-ons of a type, each marked active when the line has it (type 3: the bars)",
  access: anyOf('Read', 'EndPointCallBarring', 'EndPointSummary'),
  query: z.object({
    type: z.coerce.number().int().min(1).max(99),
    pagesize: z.coerce.number().int().min(1).max(100),
    orderItemId: idParam('orderItem'),
  }),
  response: odataList(FirstCarrierBarSchema),
  errors: { ...CARRIER_CALL_ERRORS, 404: ApiErrorSchema },
});
