import type { Faq, PartnerSettings } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PartnerScope } from '../../scope/partner-scope.js';

/** The partner's row: name, address, branding and settings. */
export function findPartner(scope: PartnerScope) {
  return scope.db.selectFrom('partners').selectAll().where('id', '=', scope.partnerId).executeTakeFirstOrThrow();
}

/** The partner's contacts (telephone numbers, e-mail addresses), in their order. */
export function partnerContacts(scope: PartnerScope) {
  return scope.db
    .selectFrom('partner_contacts')
    .select(['type', 'value'])
    .where('partner_id', '=', scope.partnerId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function partnerSettings(scope: PartnerScope): Promise<PartnerSettings> {
  const partner = await scope.db
    .selectFrom('partners')
    .select('show_contract_end_date')
    .where('id', '=', scope.partnerId)
    .executeTakeFirstOrThrow();
  return { showContractEndDate: partner.show_contract_end_date };
}

/** The partner's frequently asked questions, in order. */
export function listFaqs(scope: PartnerScope): Promise<Faq[]> {
  return scope.db
    .selectFrom('faqs')
    .select(['title', 'text'])
    .where('partner_id', '=', scope.partnerId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

// Finding whose portal a request is in comes before any partner scope, so these take the database.

/** The partner of a user, if the user exists. */
export async function partnerIdOfUser(db: Kysely<Database>, userId: number): Promise<number | undefined> {
  const user = await db.selectFrom('users').select('partner_id').where('id', '=', userId).executeTakeFirst();
  return user?.partner_id;
}

/** The partner of a theme, if any partner has it. */
export async function partnerIdOfTheme(db: Kysely<Database>, themeCode: string): Promise<number | undefined> {
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where('theme_code', '=', themeCode)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return partner?.id;
}

/** The first partner, the portal's default. */
export async function firstPartnerId(db: Kysely<Database>): Promise<number | undefined> {
  const partner = await db.selectFrom('partners').select('id').orderBy('id').limit(1).executeTakeFirst();
  return partner?.id;
}

/** An uploaded logo in use, by id, of whichever partner: logos are public, each partner's sign-in page shows its own. */
export function findLogo(db: Kysely<Database>, logoId: number) {
  return db
    .selectFrom('partner_logos')
    .innerJoin('partners', (join) =>
      join.onRef('partners.logo_id', '=', 'partner_logos.id').onRef('partners.id', '=', 'partner_logos.partner_id'),
    )
    .select(['partner_logos.storage_key', 'partner_logos.content_type', 'partner_logos.size_bytes'])
    .where('partner_logos.id', '=', logoId)
    .executeTakeFirst();
}
