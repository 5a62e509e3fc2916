import { CARRIER_REGISTRY, type CarrierEntry, type CarrierRegistry } from '../carriers/registry';
import type { OperationArea, OperationDefinition } from '../operation';
import * as auditLog from './audit-log';
import * as bills from './bills';
import { broadbandDiagnostics } from './broadband-diagnostics';
import * as companies from './companies';
import * as consoleCustomers from './console-customers';
import * as contracts from './contracts';
import * as docs from './docs';
import * as estate from './estate';
import * as faqAdmin from './faq-admin';
import { faultReports } from './fault-reports';
import * as health from './health';
import * as login from './login';
import * as messages from './messages';
import { mobileDevice } from './mobile-device';
import * as notifications from './notifications';
import * as orders from './orders';
import * as partnerConsole from './partner-console';
import * as partners from './partners';
import * as passkeys from './passkeys';
import * as passwords from './passwords';
import * as profiles from './profiles';
import * as reports from './reports';
import * as search from './search';
import * as sessions from './sessions';
import * as signInPolicy from './sign-in-policy';
import * as sites from './sites';
import * as spendAlerts from './spend-alerts';
import * as sso from './sso';
import * as teams from './teams';
import * as twoStep from './two-step';
import * as usage from './usage';
import * as users from './users';
import * as viewAs from './view-as';

/**
 * Every operation of the API, by area and name: `API.orders.items` is `GET /api/orders/:orderId/items`. Each area is
 * a module whose every export is one operation. The server registers exactly these (it refuses to start otherwise)
 * and the tests sweep them. The web app imports an area as `orderOperations` and names its operations statically
 * (`orderOperations.items`), so a page's bundle holds only the declarations it uses. The carrier areas hold one set
 * of operations per carrier of the registry, generated from its API family (`mobileDevice.halo.details`).
 */
export const API = {
  health,
  docs,
  login,
  passwords,
  twoStep,
  sessions,
  passkeys,
  profiles,
  partners,
  partnerConsole,
  messages,
  faqAdmin,
  companies,
  search,
  bills,
  estate,
  sites,
  teams,
  users,
  sso,
  signInPolicy,
  consoleCustomers,
  orders,
  contracts,
  usage,
  reports,
  spendAlerts,
  notifications,
  viewAs,
  auditLog,
  mobileDevice,
  broadbandDiagnostics,
  faultReports,
} as const;

export type ApiAreaName = keyof typeof API;

/** The areas whose operations are grouped by carrier: one set per registry entry of the area's kind. */
export const CARRIER_AREA_NAMES: readonly ApiAreaName[] = ['mobileDevice', 'broadbandDiagnostics', 'faultReports'];

export type NamedOperation = {
  area: ApiAreaName;
  name: string;
  operation: OperationDefinition;
  /** A carrier's operation names its registry entry, whose family generated it. */
  carrier?: { key: string; entry: CarrierEntry };
};

type OperationTable = { readonly [area: string]: OperationArea | Readonly<Record<string, OperationArea>> };

/** A table as a flat list, in declaration order; a carrier area's operations name their carrier. */
export function operationListOf(table: OperationTable, registry: CarrierRegistry): NamedOperation[] {
  return Object.entries(table).flatMap(([areaName, declared]) => {
    const area = areaName as ApiAreaName;
    if (!CARRIER_AREA_NAMES.includes(area)) {
      return Object.entries(declared as OperationArea).map(([name, operation]) => ({ area, name, operation }));
    }
    return Object.entries(declared as Record<string, OperationArea>).flatMap(([key, operations]) => {
      const entry = registry[key];
      if (!entry) throw new Error(`The ${area} area has operations of '${key}', which the registry does not know`);
      return Object.entries(operations).map(([name, operation]) => ({
        area,
        name,
        operation,
        carrier: { key, entry },
      }));
    });
  });
}

/** The table as a flat list, in declaration order. */
export const OPERATION_LIST: readonly NamedOperation[] = operationListOf(API, CARRIER_REGISTRY);

export * as auditLogOperations from './audit-log';
export * as billOperations from './bills';
export { broadbandDiagnostics as broadbandDiagnosticsOperations } from './broadband-diagnostics';
export * as companyOperations from './companies';
export * as consoleCustomerOperations from './console-customers';
export * as contractOperations from './contracts';
export * as docsOperations from './docs';
export * as estateOperations from './estate';
export * from './families/index';
export * as faqAdminOperations from './faq-admin';
export { faultReports as faultReportOperations } from './fault-reports';
export * as healthOperations from './health';
export * as loginOperations from './login';
export * as messageOperations from './messages';
export { mobileDevice as mobileDeviceOperations } from './mobile-device';
export * as notificationOperations from './notifications';
export * as orderOperations from './orders';
export * as partnerConsoleOperations from './partner-console';
export * as partnerOperations from './partners';
export * as passkeyOperations from './passkeys';
export * as passwordOperations from './passwords';
export * as profileOperations from './profiles';
export * as reportOperations from './reports';
export * as searchOperations from './search';
export * as sessionOperations from './sessions';
export * as signInPolicyOperations from './sign-in-policy';
export * as siteOperations from './sites';
export * as spendAlertOperations from './spend-alerts';
export * as ssoOperations from './sso';
export * as teamOperations from './teams';
export * as twoStepOperations from './two-step';
export * as usageOperations from './usage';
export * as userOperations from './users';
export * as viewAsOperations from './view-as';
