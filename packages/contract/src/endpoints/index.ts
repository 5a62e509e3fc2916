import type { EndpointDefinition } from '../endpoint';
import * as alternativeBroadband from './alternative-broadband';
import * as auth from './auth';
import * as businessBroadband from './business-broadband';
import * as companies from './companies';
import * as contracts from './contracts';
import * as docs from './docs';
import * as endpoints from './endpoints';
import * as faultReports from './fault-reports';
import * as firstCarrier from './first-carrier';
import * as health from './health';
import * as invoices from './invoices';
import * as messages from './messages';
import * as orders from './orders';
import * as partners from './partners';
import * as passwords from './passwords';
import * as profiles from './profiles';
import * as search from './search';
import * as secondCarrier from './second-carrier';
import * as sites from './sites';
import * as teams from './teams';
import * as usage from './usage';
import * as users from './users';

/**
 * Every endpoint of the API, by area and name: `API.orders.items` is `GET /api/orders/:orderId/items`. Each area is
 * a module whose every export is one endpoint. The server registers exactly these (it refuses to start otherwise)
 * and the tests sweep them. The web app imports an area as `orderEndpoints` and names its endpoints statically
 * (`orderEndpoints.items`), so a page's bundle holds only the declarations it uses.
 */
export const API = {
  health,
  docs,
  auth,
  passwords,
  profiles,
  partners,
  messages,
  companies,
  search,
  invoices,
  endpoints,
  sites,
  teams,
  users,
  orders,
  contracts,
  usage,
  firstCarrier,
  secondCarrier,
  businessBroadband,
  alternativeBroadband,
  faultReports,
} as const;

export type ApiAreaName = keyof typeof API;

export type NamedEndpoint = { area: ApiAreaName; name: string; endpoint: EndpointDefinition };

/** The table as a flat list, in declaration order. */
export const ENDPOINT_LIST: readonly NamedEndpoint[] = Object.entries(API).flatMap(([area, declared]) =>
  Object.entries(declared as Record<string, EndpointDefinition>).map(([name, endpoint]) => ({
    area: area as ApiAreaName,
    name,
    endpoint,
  })),
);

export * as alternativeBroadbandEndpoints from './alternative-broadband';
export * as authEndpoints from './auth';
export * as businessBroadbandEndpoints from './business-broadband';
export * as companyEndpoints from './companies';
export * as contractEndpoints from './contracts';
export * as docsEndpoints from './docs';
export * as endpointEndpoints from './endpoints';
export * as faultReportEndpoints from './fault-reports';
export * as firstCarrierEndpoints from './first-carrier';
export * as healthEndpoints from './health';
export * as invoiceEndpoints from './invoices';
export * as messageEndpoints from './messages';
export * as orderEndpoints from './orders';
export * as partnerEndpoints from './partners';
export * as passwordEndpoints from './passwords';
export * as profileEndpoints from './profiles';
export * as searchEndpoints from './search';
export * as secondCarrierEndpoints from './second-carrier';
export * as siteEndpoints from './sites';
export * as teamEndpoints from './teams';
export * as usageEndpoints from './usage';
export * as userEndpoints from './users';
