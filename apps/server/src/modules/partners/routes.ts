import { FaqSchema, odataList, PartnerSchema, PartnerSettingsSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/errors.js';
import { partnerIdOf } from './partner-of-request.js';

/** The reseller whose portal this is: name, contacts, address, branding, settings and FAQs. */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/partners/current',
    {
      config: { access: 'public' },
      schema: {
        tags: ['partners'],
        summary: 'The current partner with its contacts (public: the sign-in page is branded too)',
        response: { 200: PartnerSchema },
      },
    },
    async (request) => {
      const partnerId = await partnerIdOf(request);
      const partner = await db.selectFrom('partners').selectAll().where('id', '=', partnerId).executeTakeFirstOrThrow();
      const contacts = await db
        .selectFrom('partner_contacts')
        .select(['type', 'value'])
        .where('partner_id', '=', partnerId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return {
        name: partner.name,
        partnerContacts: contacts,
        line1: partner.line1,
        ...(partner.line2 ? { line2: partner.line2 } : {}),
        ...(partner.line3 ? { line3: partner.line3 } : {}),
        town: partner.town,
        ...(partner.county ? { county: partner.county } : {}),
        postCode: partner.post_code,
        themeCode: partner.theme_code,
        logoUrl: `themes/${partner.theme_code}/${partner.logo_file_name}`,
        primaryColour: partner.primary_colour,
        secondaryColour: partner.secondary_colour,
        privacyPolicyUrl: partner.privacy_policy_url,
      };
    },
  );

  app.get(
    '/api/partners/current/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['partners'],
        summary: "The current partner's settings",
        response: { 200: PartnerSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const partner = await db
        .selectFrom('partners')
        .select('show_contract_end_date')
        .where('id', '=', await partnerIdOf(request))
        .executeTakeFirstOrThrow();
      return { showContractEndDate: partner.show_contract_end_date };
    },
  );

  app.get(
    '/api/faqs',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['partners'],
        summary: "The partner's frequently asked questions, in order",
        response: { 200: odataList(FaqSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('faqs')
        .select(['title', 'text'])
        .where('partner_id', '=', await partnerIdOf(request))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return { value: rows };
    },
  );
};
