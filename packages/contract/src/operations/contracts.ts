import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { ContractProductSchema, ContractSchema } from '../entities/contracts';
import { operation } from '../operation';
import { cliParam, idParam } from '../params';

/**
 * Any code that reads some contract: EndPointSummary opens the device and contract pages (spec 6), the estate codes
 * show the same lines in the estate tables. The server then limits each caller to the kinds their codes read.
 */
const readContracts = anyOf(
  'Read',
  'EndPointSummary',
  'MobileUserEstate',
  'MobileSiteEstate',
  'MobileTeamEstate',
  'BroadbandUserEstate',
  'BroadbandSiteEstate',
);
const OrderItemParams = z.object({ orderItemId: idParam('orderItem') });

// Contracts of mobile devices and broadband lines (spec 2.14, 2.15, 7): by id, by the line's number, products.

export const get = operation({
  method: 'GET',
  path: '/api/contracts/:id',
  summary: "A contract of the caller's estate by its id",
  access: readContracts,
  params: z.object({ id: idParam('contract') }),
  response: ContractSchema,
});

export const byCli = operation({
  method: 'GET',
  path: '/api/contracts/cli/:cli',
  summary: "The current contract of a line of the caller's estate, by its mobile or phone number",
  access: readContracts,
  params: z.object({ cli: cliParam() }),
  response: ContractSchema,
});

export const additionalProducts = operation({
  method: 'GET',
  path: '/api/contracts/orderitemadditionalproducts/:orderItemId',
  summary: 'The additional products of the contract an order item brought',
  access: readContracts,
  params: OrderItemParams,
  response: odataList(ContractProductSchema),
});

export const inclusiveProducts = operation({
  method: 'GET',
  path: '/api/contracts/orderiteminclusiveproducts/:orderItemId',
  summary: 'The inclusive products of the contract an order item brought',
  access: readContracts,
  params: OrderItemParams,
  response: odataList(ContractProductSchema),
});
