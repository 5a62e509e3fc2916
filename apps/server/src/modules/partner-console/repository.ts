import type { PartnerBrandingInput, PartnerContactsSettings } from '@portal/contract';
import { type Actor, writeAs } from '../../db/audit.js';
import type { PartnerScope } from '../../scope/partner-scope.js';

/** A logo as stored: its file's key and what was read from its bytes. */
export type LogoFile = {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  sha256: string;
};

/** The partner's row as the console shows it. */
export function brandingRow(partner: PartnerScope) {
  return partner.db
    .selectFrom('partners')
    .select(['name', 'theme_code', 'logo_file_name', 'logo_id', 'primary_colour', 'secondary_colour'])
    .where('id', '=', partner.partnerId)
    .executeTakeFirstOrThrow();
}

/**
 * Saves the partner's theme code and colours and, with a new logo, records it and makes it the partner's, deleting
 * the row of the logo it replaces; all in one audited transaction, the partner's row locked first. Answers the
 * storage key of the replaced logo, whose file the caller deletes once this has committed.
 */
export function saveBranding(
  partner: PartnerScope,
  actor: Actor,
  input: PartnerBrandingInput,
  logo: LogoFile | undefined,
): Promise<{ replacedKey: string | undefined }> {
  return writeAs(partner.db, actor, async (trx) => {
    const current = await trx
      .selectFrom('partners')
      .leftJoin('partner_logos', 'partner_logos.id', 'partners.logo_id')
      .select(['partners.logo_id', 'partner_logos.storage_key'])
      .where('partners.id', '=', partner.partnerId)
      .forUpdate('partners')
      .executeTakeFirstOrThrow();
    let logoId = current.logo_id;
    if (logo) {
      const inserted = await trx
        .insertInto('partner_logos')
        .values({
          partner_id: partner.partnerId,
          content_type: logo.contentType,
          size_bytes: logo.sizeBytes,
          width: logo.width,
          height: logo.height,
          sha256: logo.sha256,
          storage_key: logo.storageKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      logoId = inserted.id;
    }
    await trx
      .updateTable('partners')
      .set({
        theme_code: input.themeCode,
        primary_colour: input.primaryColour.toLowerCase(),
        secondary_colour: input.secondaryColour.toLowerCase(),
        logo_id: logoId,
      })
      .where('id', '=', partner.partnerId)
      .execute();
    if (!logo || current.logo_id === null) return { replacedKey: undefined };
    await trx.deleteFrom('partner_logos').where('id', '=', current.logo_id).execute();
    return { replacedKey: current.storage_key ?? undefined };
  });
}

/** The partner's contacts (in order), address, privacy policy and settings. */
export async function contactsAndSettings(partner: PartnerScope): Promise<PartnerContactsSettings> {
  const [row, contacts] = await Promise.all([
    partner.db
      .selectFrom('partners')
      .select([
        'line1',
        'line2',
        'line3',
        'town',
        'county',
        'post_code',
        'privacy_policy_url',
        'show_contract_end_date',
        'password_expiry_days',
      ])
      .where('id', '=', partner.partnerId)
      .executeTakeFirstOrThrow(),
    partner.db
      .selectFrom('partner_contacts')
      .select(['type', 'value'])
      .where('partner_id', '=', partner.partnerId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return {
    contacts,
    line1: row.line1,
    line2: row.line2 ?? '',
    line3: row.line3 ?? '',
    town: row.town,
    county: row.county ?? '',
    postCode: row.post_code,
    privacyPolicyUrl: row.privacy_policy_url,
    showContractEndDate: row.show_contract_end_date,
    passwordExpiryDays: row.password_expiry_days ?? 0,
  };
}

const orNull = (text: string) => (text === '' ? null : text);

/**
 * Replaces the partner's contacts (their order is the list's) and saves its address, privacy policy and settings,
 * in one audited transaction with the partner's row locked first. Password expiry 0 is stored as null: never.
 */
export function saveContactsAndSettings(
  partner: PartnerScope,
  actor: Actor,
  input: PartnerContactsSettings,
): Promise<void> {
  return writeAs(partner.db, actor, async (trx) => {
    await trx
      .selectFrom('partners')
      .select('id')
      .where('id', '=', partner.partnerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('partners')
      .set({
        line1: input.line1,
        line2: orNull(input.line2),
        line3: orNull(input.line3),
        town: input.town,
        county: orNull(input.county),
        post_code: input.postCode,
        privacy_policy_url: input.privacyPolicyUrl,
        show_contract_end_date: input.showContractEndDate,
        password_expiry_days: input.passwordExpiryDays === 0 ? null : input.passwordExpiryDays,
      })
      .where('id', '=', partner.partnerId)
      .execute();
    await trx.deleteFrom('partner_contacts').where('partner_id', '=', partner.partnerId).execute();
    if (input.contacts.length > 0) {
      await trx
        .insertInto('partner_contacts')
        .values(
          input.contacts.map((contact, index) => ({
            partner_id: partner.partnerId,
            type: contact.type,
            value: contact.value,
            sort_order: index,
          })),
        )
        .execute();
    }
  });
}
