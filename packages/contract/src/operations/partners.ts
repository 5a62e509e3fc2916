import { odataList } from '../api';
import { FaqSchema } from '../entities/help-and-search';
import { PartnerSchema, PartnerSettingsSchema } from '../entities/partners';
import { operation } from '../operation';

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
