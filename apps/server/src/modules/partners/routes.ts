import { API } from '@portal/contract';
import { operationRoutes } from '../operation-routes.js';
import { partnerScopeOf } from './partner-of-request.js';
import { listFaqs, partnerSettings } from './repository.js';
import { currentPartner } from './service.js';

/** The reseller whose portal this is: name, contacts, address, branding, settings and FAQs. */
export const partnerRoutes = operationRoutes(API.partners, () => ({
  current: async ({ request }) => currentPartner(await partnerScopeOf(request)),
  settings: async ({ request }) => partnerSettings(await partnerScopeOf(request)),
  faqs: async ({ request }) => ({ value: await listFaqs(await partnerScopeOf(request)) }),
}));
