import { API } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import { FileNotStoredError } from '../../storage/file-storage.js';
import { operationRoutes } from '../operation-routes.js';
import { partnerScopeOf } from './partner-of-request.js';
import { findLogo, listFaqs, partnerSettings } from './repository.js';
import { currentPartner } from './service.js';

/** An uploaded logo's id changes with every upload, so a browser or proxy may keep one for a year (decision 0218). */
const LOGO_CACHE = 'public, max-age=31536000, immutable';

/** The reseller whose portal this is: name, contacts, address, branding, settings and FAQs. */
export const partnerRoutes = operationRoutes(API.partners, (app) => ({
  current: async ({ request }) => currentPartner(await partnerScopeOf(request)),
  settings: async ({ request }) => partnerSettings(await partnerScopeOf(request)),
  faqs: async ({ request }) => ({ value: await listFaqs(await partnerScopeOf(request)) }),
  logo: async ({ params, reply }) => {
    const noSuchLogo = () => notFound('No such logo');
    const logo = await findLogo(app.database.db, params.logoId);
    if (!logo) throw noSuchLogo();
    const content = await app.files.uploads.get(logo.storage_key).catch((error: unknown) => {
      throw error instanceof FileNotStoredError ? noSuchLogo() : error;
    });
    return reply
      .header('content-type', logo.content_type)
      .header('content-length', logo.size_bytes)
      .header('content-disposition', 'inline')
      .header('cache-control', LOGO_CACHE)
      .send(content);
  },
}));
