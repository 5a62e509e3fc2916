import type { FaqInput } from '@portal/contract';
import type { Transaction } from 'kysely';
import { type Actor, writeAs } from '../../db/audit.js';
import type { Database } from '../../db/schema.js';
import type { PartnerScope } from '../../scope/partner-scope.js';

export type FaqRow = { id: number; title: string; text: string; sort_order: number };

const FAQ_COLUMNS = ['id', 'title', 'text', 'sort_order'] as const;

/** A scope's handle or a transaction of it. */
type Handle = PartnerScope['db'] | Transaction<Database>;

function faqsOf(db: Handle, partnerId: number) {
  return db
    .selectFrom('faqs')
    .select(FAQ_COLUMNS)
    .where('partner_id', '=', partnerId)
    .orderBy('sort_order')
    .orderBy('id');
}
/**
 * The partner's FAQ writes take turns: each locks the partner's row first (FOR NO KEY UPDATE, so rows that merely
 * reference the partner are not held up), then reads the list it changes.
 */
async function lockPartner(trx: Transaction<Database>, partnerId: number): Promise<void> {
  await trx.selectFrom('partners').select('id').where('id', '=', partnerId).forNoKeyUpdate().executeTakeFirst();
}

/** The partner's FAQs in the order the FAQ page shows them (the customer's list sorts the same way). */
export function listFaqs(partner: PartnerScope): Promise<FaqRow[]> {
  return faqsOf(partner.db, partner.partnerId).execute();
}

/**
 * Adds a question after the last, or answers 'full' when the partner already has `max` questions (counted under
 * the lock, so two at once cannot both pass).
 */
export function insertFaq(partner: PartnerScope, actor: Actor, input: FaqInput, max: number): Promise<FaqRow | 'full'> {
  return writeAs(partner.db, actor, async (trx) => {
    await lockPartner(trx, partner.partnerId);
    const { count, last } = await trx
      .selectFrom('faqs')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('sort_order').as('last')])
      .where('partner_id', '=', partner.partnerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    return trx
      .insertInto('faqs')
      .values({
        partner_id: partner.partnerId,
        title: input.title,
        text: input.text,
        sort_order: last === null ? 0 : Number(last) + 1,
      })
      .returning(FAQ_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** The changed question, or undefined when the partner has no such question. */
export function updateFaq(
  partner: PartnerScope,
  actor: Actor,
  id: number,
  input: FaqInput,
): Promise<FaqRow | undefined> {
  return writeAs(partner.db, actor, (trx) =>
    trx
      .updateTable('faqs')
      .set({ title: input.title, text: input.text })
      .where('id', '=', id)
      .where('partner_id', '=', partner.partnerId)
      .returning(FAQ_COLUMNS)
      .executeTakeFirst(),
  );
}

/**
 * Swaps the question with its neighbour above or below and numbers the list 0, 1, 2... again (only the rows whose
 * place changed are written). Answers the list in its new order; unchanged when the question is already first or
 * last; undefined when the partner has no such question.
 */
export function moveFaq(
  partner: PartnerScope,
  actor: Actor,
  id: number,
  direction: 'up' | 'down',
): Promise<FaqRow[] | undefined> {
  return writeAs(partner.db, actor, async (trx) => {
    await lockPartner(trx, partner.partnerId);
    const rows = await faqsOf(trx, partner.partnerId).execute();
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) return undefined;
    const to = direction === 'up' ? from - 1 : from + 1;
    const order = [...rows];
    if (to >= 0 && to < order.length) {
      const [moved] = order.splice(from, 1);
      if (moved) order.splice(to, 0, moved);
    }
    const renumbered = order.map((row, index) => ({ ...row, sort_order: index }));
    for (const row of renumbered) {
      if (rows.find((old) => old.id === row.id)?.sort_order === row.sort_order) continue;
      await trx.updateTable('faqs').set({ sort_order: row.sort_order }).where('id', '=', row.id).execute();
    }
    return renumbered;
  });
}

/** Whether the partner had such a question to delete. */
export async function deleteFaq(partner: PartnerScope, actor: Actor, id: number): Promise<boolean> {
  const deleted = await writeAs(partner.db, actor, (trx) =>
    trx.deleteFrom('faqs').where('id', '=', id).where('partner_id', '=', partner.partnerId).executeTakeFirst(),
  );
  return Number(deleted.numDeletedRows) > 0;
}
