import { z } from 'zod';
import { ApiErrorSchema, BinaryFileSchema, odataList } from '../api';
import { FaqSchema } from '../entities/help-and-search';
import { PARTNER_LOGO_UPLOAD } from '../entities/partner-console';
import { PartnerSchema, PartnerSettingsSchema } from '../entities/partners';
import { operation } from '../operation';
import { idParam } from '../params';

// The reseller whose portal this is: name, contacts, address, branding, settings and FAQs.

export const current = operation({
  method: 'GET',
  path: '/api/partners/current',
  summary: 'The current partner with its contacts (public: the sign-in page is branded too)',
  access: 'public',
  response: PartnerSchema,
});

export const settings = operation({
  method: 'GET',
  path: '/api/partners/current/settings',
  summary: "The current partner's settings",
  access: 'signed-in',
  response: PartnerSettingsSchema,
});

export const faqs = operation({
  method: 'GET',
  path: '/api/faqs',
  summary: "The partner's frequently asked questions, in order",
  access: 'signed-in',
  response: odataList(FaqSchema),
});

export const logo = operation({
  method: 'GET',
  path: '/api/partners/logos/:logoId',
  summary:
    "A partner's uploaded logo (public: the sign-in page shows it). Each upload has its own id, so it is cached for a year",
  access: 'public',
  params: z.object({ logoId: idParam('partnerLogo') }),
  response: BinaryFileSchema,
  download: { mediaTypes: PARTNER_LOGO_UPLOAD.mediaTypes },
  errors: { 404: ApiErrorSchema },
});
