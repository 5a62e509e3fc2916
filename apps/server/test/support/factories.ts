import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** A partner for tests that build their own small world instead of loading the demo data. */
export async function insertPartner(db: Kysely<Database>, themeCode: string): Promise<number> {
  const partner = await db
    .insertInto('partners')
    .values({
      name: `Partner ${themeCode}`,
      theme_code: themeCode,
      logo_file_name: 'logo.svg',
      primary_colour: '#000000',
      secondary_colour: '#ffffff',
      line1: '1 High Street',
      line2: null,
      line3: null,
      town: 'York',
      county: null,
      post_code: 'YO1 7HH',
      privacy_policy_url: 'https://example.co.uk/privacy',
      password_expiry_days: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return partner.id;
}

export async function insertUser(db: Kysely<Database>, partnerId: number, userName: string): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ partner_id: partnerId, user_name: userName, email_address: `${userName}@example.co.uk`, profile_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
