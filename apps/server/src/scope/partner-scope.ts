import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * What partner data (branding, settings, FAQs, banner messages) is read through. It belongs to a partner, not to
 * an estate, and some of it is public, so a repository of it takes the partner whose portal the request is in
 * rather than an estate scope, and reaches the database only through `db`.
 */
export type PartnerScope = {
  db: Kysely<Database>;
  partnerId: number;
};
