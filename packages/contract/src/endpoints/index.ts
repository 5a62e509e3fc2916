import type { EndpointDefinition } from '../endpoint';
import { authEndpoints } from './auth';
import { companyEndpoints } from './companies';
import { contractEndpoints } from './contracts';
import { docsEndpoints } from './docs';
import { endpointEndpoints } from './endpoints';
import { healthEndpoints } from './health';
import { invoiceEndpoints } from './invoices';
import { messageEndpoints } from './messages';
import { orderEndpoints } from './orders';
import { partnerEndpoints } from './partners';
import { profileEndpoints } from './profiles';
import { usageEndpoints } from './usage';

export { authEndpoints, SignInErrorSchema } from './auth';
export { companyEndpoints } from './companies';
export { contractEndpoints } from './contracts';
export { docsEndpoints } from './docs';
export { endpointEndpoints } from './endpoints';
export { healthEndpoints } from './health';
export { invoiceEndpoints } from './invoices';
export { messageEndpoints } from './messages';
export { orderEndpoints } from './orders';
export { partnerEndpoints } from './partners';
export { profileEndpoints } from './profiles';
export { usageEndpoints } from './usage';

/**
 * Every endpoint of the API, by area and name: `API.orders.items` is `GET /api/orders/:orderId/items`. The server
 * registers exactly these (it refuses to start otherwise), the web app calls them, and the tests sweep them.
 */
export const API = {
  health: healthEndpoints,
  docs: docsEndpoints,
  auth: authEndpoints,
  profiles: profileEndpoints,
  partners: partnerEndpoints,
  messages: messageEndpoints,
  companies: companyEndpoints,
  invoices: invoiceEndpoints,
  endpoints: endpointEndpoints,
  orders: orderEndpoints,
  contracts: contractEndpoints,
  usage: usageEndpoints,
} as const;

export type ApiAreaName = keyof typeof API;

export type NamedEndpoint = { area: ApiAreaName; name: string; endpoint: EndpointDefinition };

/** The table as a flat list, in declaration order. */
export const ENDPOINT_LIST: readonly NamedEndpoint[] = Object.entries(API).flatMap(([area, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({ area: area as ApiAreaName, name, endpoint })),
);
