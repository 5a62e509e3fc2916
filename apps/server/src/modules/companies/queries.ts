import type { Address } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function addressesOf(db: Kysely<Database>, companyIds: readonly number[]) {
  const byCompany = new Map<number, Address[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .selectFrom('addresses')
    .select(['id', 'company_id', 'line1', 'line2', 'line3', 'town', 'county', 'post_code'])
    .where('company_id', 'in', companyIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    byCompany.get(row.company_id)?.push({
      id: row.id,
      line1: row.line1,
      ...(row.line2 ? { line2: row.line2 } : {}),
      ...(row.line3 ? { line3: row.line3 } : {}),
      town: row.town,
      county: row.county,
      postCode: row.post_code,
    });
  }
  return byCompany;
}
