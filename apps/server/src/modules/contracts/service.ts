import {
  type Contract,
  type ContractProduct,
  type ContractProductType,
  ENDPOINT_TYPE,
  type EndpointTypeId,
  type FunctionalityCode,
} from '@portal/contract';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type ContractKey, contractProducts, findContract, findContractId } from './repository.js';

/**
 * Who may read a contract. EndPointSummary Read opens the device and contract pages (spec 6), so it reads both
 * kinds; the estate codes show the same lines in the estate tables, so each reads its own kind. The endpoint
 * declarations let in any of these codes; the estate scope still decides which lines.
 */
export const CONTRACT_READERS: Readonly<Record<EndpointTypeId, readonly FunctionalityCode[]>> = {
  [ENDPOINT_TYPE.mobile]: ['EndPointSummary', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate'],
  [ENDPOINT_TYPE.broadband]: ['EndPointSummary', 'BroadbandUserEstate', 'BroadbandSiteEstate'],
};

/** The endpoint types whose contracts the caller may read. */
export function readableContractTypes(scope: EstateScope): EndpointTypeId[] {
  return (Object.keys(CONTRACT_READERS).map(Number) as EndpointTypeId[]).filter((type) =>
    CONTRACT_READERS[type].some((code) => scope.caller.can(code, 'Read')),
  );
}

/** One contract in the API's shape (spec 3); 404 when it is not one the caller may read. */
export async function contractOf(scope: EstateScope, key: ContractKey): Promise<Contract> {
  const row = await findContract(scope, readableContractTypes(scope), key);
  // A contract without a start date cannot be shown (the page's Start Date is required); none is stored so.
  if (!row?.customer_start_date) throw notFound();
  return {
    orderItemId: row.order_item_id,
    ...present('carrierId', row.carrier_id),
    ...present('supplierId', row.supplier_id),
    ...present('productLineId', row.product_line_id),
    contractShortStatus: row.contract_short_status,
    orderNumber: row.reference,
    orderCreatedDate: new Date(row.created_date).toISOString(),
    customerStartDate: row.customer_start_date,
    ...present('customerEndDate', row.customer_end_date),
    ...present('customerDuration', row.customer_duration),
    product: row.product,
    ...present('username', row.username),
    ...present('password', row.password),
    ...present('ipAddress', row.ip_address),
  };
}

/** The products of the contract an order item brought, of one type; 404 when that contract is not readable. */
export async function productsOfContract(
  scope: EstateScope,
  orderItemId: number,
  type: ContractProductType,
): Promise<ContractProduct[]> {
  const contractId = await findContractId(scope, readableContractTypes(scope), { orderItemId });
  if (contractId === undefined) throw notFound();
  return contractProducts(scope, contractId, type);
}

/** `{ [name]: value }`, or nothing for a null: the contract's optional fields are absent, never null. */
function present<const K extends string, V>(name: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [name]: value }) as { [P in K]?: V };
}
