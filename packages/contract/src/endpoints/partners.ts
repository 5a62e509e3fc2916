import { odataList } from '../api';
import { endpoint } from '../endpoint';
import { FaqSchema } from '../entities/help-and-search';
import { PartnerSchema, PartnerSettingsSchema } from '../entities/partners';

// The reseller whose portal this is: name, contacts, address, branding, settings and FAQs.

export const current = endpoint({
  method: 'GET',
  path: '/api/partners/current',
  summary: 'The current partner with its contacts (public: the sign-in page is branded too)',
  access: 'public',
  response: PartnerSchema,
});

export const settings = endpoint({
  method: 'GET',
  path: '/api/partners/current/settings',
  summary: "The current partner's settings",
  access: 'signed-in',
  response: PartnerSettingsSchema,
});

export const faqs = endpoint({
  method: 'GET',
  path: '/api/faqs',
  summary: "The partner's frequently asked questions, in order",
  access: 'signed-in',
  response: odataList(FaqSchema),
});
