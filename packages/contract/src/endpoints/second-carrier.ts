import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { endpoint } from '../endpoint';
import {
  CARRIER_CALL_ERRORS,
  CARRIER_CHANGE_ERRORS,
  CarrierRequestAcceptedSchema,
  SecondCarrierBarChangeSchema,
  SecondCarrierBarSchema,
  SecondCarrierMobileDetailsSchema,
  SecondCarrierSimSwapSchema,
  SimRuleSchema,
} from '../entities/mobile';
import { idParam, supplierParam } from '../params';

// The second mobile carrier, Vertex (suppliers 27 and 36), through the portal (spec 7; docs/decisions/0080).
// `:supplierId/:id` name the line by its supplier and endpoint id; a change's `orderItemId` is its contract's order
// item, which gets the events. Changes are stored and answered 202, then sent by a worker.

const SupplierIdSchema = supplierParam([27, 36]);
const LineParams = z.object({ supplierId: SupplierIdSchema, id: idParam('endpoint') });
const EndpointParams = z.object({ id: idParam('endpoint') });

export const details = endpoint({
  method: 'GET',
  path: '/api/mobileVertex/:supplierId/:id',
  summary: "The carrier's view of a line of the caller's estate: SIM number and assigned bars",
  access: anyOf('Read', 'EndPointSummary'),
  params: LineParams,
  response: SecondCarrierMobileDetailsSchema,
  errors: CARRIER_CALL_ERRORS,
});

export const bars = endpoint({
  method: 'GET',
  path: '/api/mobileVertex/bars/:supplierId/:id',
  summary: "The bars the line's network offers, each marked active when the line has it",
  access: anyOf('Read', 'EndPointCallBarring'),
  params: LineParams,
  response: odataList(SecondCarrierBarSchema),
  errors: CARRIER_CALL_ERRORS,
});

export const assignedBars = endpoint({
  method: 'GET',
  path: '/api/mobileVertex/AssignedBars/:supplierId/:id',
  summary: 'The bars assigned to the line',
  access: anyOf('Read', 'EndPointCallBarring'),
  params: LineParams,
  response: odataList(SecondCarrierBarSchema),
  errors: CARRIER_CALL_ERRORS,
});

export const simValidation = endpoint({
  method: 'GET',
  path: '/api/mobileVertex/SimValidation',
  summary: "The pattern a new SIM number must match on the supplier's network, with its message",
  access: anyOf('Write', 'EndPointSimSwap'),
  query: z.object({ supplierId: SupplierIdSchema }),
  response: SimRuleSchema,
  errors: CARRIER_CALL_ERRORS,
});

export const simSwap = endpoint({
  method: 'POST',
  path: '/api/mobileVertex/SimSwap/:id',
  summary: 'Asks the carrier to move the line onto a new SIM (accepted, then sent)',
  access: anyOf('Write', 'EndPointSimSwap'),
  params: EndpointParams,
  body: SecondCarrierSimSwapSchema,
  successStatus: 202,
  response: CarrierRequestAcceptedSchema,
  errors: CARRIER_CHANGE_ERRORS,
});

export const toggleBar = endpoint({
  method: 'POST',
  path: '/api/mobileVertex/ToggleBar/:id',
  summary: 'Asks the carrier to add and remove bars (network suffixes) on the line (accepted, then sent)',
  access: anyOf('Write', 'EndPointCallBarring'),
  params: EndpointParams,
  body: SecondCarrierBarChangeSchema,
  successStatus: 202,
  response: CarrierRequestAcceptedSchema,
  errors: CARRIER_CHANGE_ERRORS,
});
