import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LoginThrottle } from '../auth/login-throttle.js';
import { authRoutes } from './auth/routes.js';
import { alternativeBroadbandRoutes, businessBroadbandRoutes } from './broadband-diagnostics/routes.js';
import { companyRoutes } from './companies/routes.js';
import { contractRoutes } from './contracts/routes.js';
import { docsRoutes } from './docs/routes.js';
import { endpointListRoutes } from './endpoints/routes.js';
import { faultReportRoutes } from './fault-reports/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { messageRoutes } from './messages/routes.js';
import { firstCarrierRoutes, secondCarrierRoutes } from './mobile-carriers/routes.js';
import { orderRoutes } from './orders/routes.js';
import { partnerRoutes } from './partners/routes.js';
import { passwordRoutes } from './passwords/routes.js';
import { profileRoutes } from './profiles/routes.js';
import { searchRoutes } from './search/routes.js';
import { siteRoutes } from './sites/routes.js';
import { teamRoutes } from './teams/routes.js';
import { usageRoutes } from './usage/routes.js';
import { userRoutes } from './users/routes.js';

/** Every API area, each a plugin of its own folder. */
export async function registerApiModules(app: FastifyInstance) {
  // The sign-in calls post forms, as the spec has them.
  await app.register(formBody);
  // The fault report's images: parsed as a stream by its route, never buffered (docs/decisions/0098).
  await app.register(multipart);
  await app.register(cookie);
  const throttles = { signIn: new LoginThrottle(), recovery: new LoginThrottle() };
  await app.register(docsRoutes);
  await app.register(authRoutes(throttles.signIn));
  await app.register(passwordRoutes(throttles));
  await app.register(profileRoutes);
  await app.register(partnerRoutes);
  await app.register(messageRoutes);
  await app.register(searchRoutes);
  await app.register(companyRoutes);
  await app.register(invoiceRoutes);
  await app.register(endpointListRoutes);
  await app.register(siteRoutes);
  await app.register(teamRoutes);
  await app.register(userRoutes);
  await app.register(orderRoutes);
  await app.register(contractRoutes);
  await app.register(usageRoutes);
  await app.register(firstCarrierRoutes);
  await app.register(secondCarrierRoutes);
  await app.register(businessBroadbandRoutes);
  await app.register(alternativeBroadbandRoutes);
  await app.register(faultReportRoutes);
}
