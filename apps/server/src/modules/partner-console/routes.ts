import { API, PARTNER_LOGO_UPLOAD } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import { actorOf, type MultipartFiles, operationRoutes } from '../operation-routes.js';
import { rememberTheme } from '../partners/partner-of-request.js';
import { branding, contactsAndSettings, saveBranding, saveContactsAndSettings } from './service.js';

/** The staff member's own partner, whichever portal they are in: no request names a partner (decision 0218). */
const staffPartner = (scope: EstateScope): PartnerScope => ({ db: scope.db, partnerId: scope.caller.partnerId });

/** The logo arrives as one file; busboy stops it one byte past the limit, as a backstop to the streamed count. */
const LOGO: MultipartFiles = {
  fileField: PARTNER_LOGO_UPLOAD.fieldName,
  maxFiles: 1,
  maxFileBytes: PARTNER_LOGO_UPLOAD.maxBytes + 1,
};

/** The reseller's console: the staff member's partner's branding, contacts and settings. */
export const partnerConsoleRoutes = operationRoutes(API.partnerConsole, (app) => ({
  branding: ({ scope }) => branding(staffPartner(scope)),
  saveBranding: {
    multipart: LOGO,
    handler: async ({ scope, request, reply, body, parts }) => {
      const saved = await saveBranding(staffPartner(scope), actorOf(scope, request), body, parts, app.files.uploads);
      // This browser's signed-out pages find the partner by its new code; customers' browsers learn it at sign-in.
      rememberTheme(reply, saved.themeCode);
      return saved;
    },
  },
  settings: ({ scope }) => contactsAndSettings(staffPartner(scope)),
  saveSettings: ({ scope, request, body }) =>
    saveContactsAndSettings(staffPartner(scope), actorOf(scope, request), body),
}));
