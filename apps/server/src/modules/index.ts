import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { CARRIER_REGISTRY, type CarrierRegistry } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { inProcessLoginThrottle, type LoginThrottle } from '../auth/login-throttle.js';
import { SharedLoginThrottle } from '../auth/shared-login-throttle.js';
import { auditLogRoutes } from './audit-log/routes.js';
import { billRoutes } from './bills/routes.js';
import { broadbandDiagnosticsRoutes } from './broadband-diagnostics/routes.js';
import { companyRoutes } from './companies/routes.js';
import { consoleCustomerRoutes } from './console-customers/routes.js';
import { contractRoutes } from './contracts/routes.js';
import { docsRoutes } from './docs/routes.js';
import { estateRoutes } from './estate/routes.js';
import { faqAdminRoutes } from './faq-admin/routes.js';
import { faultReportRoutes } from './fault-reports/routes.js';
import { loginRoutes } from './login/routes.js';
import { messageRoutes } from './messages/routes.js';
import { mobileDeviceRoutes } from './mobile-device/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { orderRoutes } from './orders/routes.js';
import { partnerConsoleRoutes } from './partner-console/routes.js';
import { partnerRoutes } from './partners/routes.js';
import { passkeyRoutes } from './passkeys/routes.js';
import { passwordRoutes } from './passwords/routes.js';
import { profileRoutes } from './profiles/routes.js';
import { reportRoutes } from './reports/routes.js';
import { searchRoutes } from './search/routes.js';
import { sessionRoutes } from './sessions/routes.js';
import { signInPolicyRoutes } from './sign-in-policy/routes.js';
import { siteRoutes } from './sites/routes.js';
import { spendAlertRoutes } from './spend-alerts/routes.js';
import { ssoRoutes } from './sso/routes.js';
import { teamRoutes } from './teams/routes.js';
import { twoStepRoutes } from './two-step/routes.js';
import { usageRoutes } from './usage/routes.js';
import { userRoutes } from './users/routes.js';
import { viewAsRoutes } from './view-as/routes.js';

/** Every API area, each a plugin of its own folder; the carrier areas have one set of routes per registry entry. */
export async function registerApiModules(app: FastifyInstance, carriers: CarrierRegistry = CARRIER_REGISTRY) {
  // The sign-in calls post forms, as the spec has them.
  await app.register(formBody);
  // The fault report's images: parsed as a stream by its route, never buffered (docs/decisions/0098).
  await app.register(multipart);
  await app.register(cookie);
  const throttles = {
    signIn: loginThrottle(app, 'sign-in'),
    recovery: loginThrottle(app, 'recovery'),
    // Authenticator and recovery codes, per user (decision 0207).
    secondStep: loginThrottle(app, 'second-step'),
  };
  await app.register(docsRoutes);
  await app.register(loginRoutes(throttles));
  await app.register(passwordRoutes(throttles));
  await app.register(twoStepRoutes(throttles));
  await app.register(sessionRoutes);
  await app.register(passkeyRoutes(throttles));
  await app.register(profileRoutes);
  await app.register(partnerRoutes);
  await app.register(partnerConsoleRoutes);
  await app.register(messageRoutes);
  await app.register(faqAdminRoutes);
  await app.register(searchRoutes);
  await app.register(companyRoutes);
  await app.register(billRoutes);
  await app.register(estateRoutes);
  await app.register(siteRoutes);
  await app.register(teamRoutes);
  await app.register(userRoutes);
  await app.register(ssoRoutes(throttles));
  await app.register(consoleCustomerRoutes(throttles));
  await app.register(signInPolicyRoutes);
  await app.register(orderRoutes);
  await app.register(contractRoutes);
  await app.register(usageRoutes);
  await app.register(reportRoutes);
  await app.register(spendAlertRoutes);
  await app.register(notificationRoutes);
  await app.register(viewAsRoutes);
  await app.register(auditLogRoutes);
  await app.register(mobileDeviceRoutes(carriers));
  await app.register(broadbandDiagnosticsRoutes(carriers));
  await app.register(faultReportRoutes(carriers));
}

/** Counted in Redis when the instances share one (decision 0196), otherwise in this process (0010). */
function loginThrottle(app: FastifyInstance, name: string): LoginThrottle {
  return app.redis ? new SharedLoginThrottle(app.redis, name, app.log) : inProcessLoginThrottle();
}
