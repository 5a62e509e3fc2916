import { type ConsoleFaq, FAQ_LIMITS, type FaqInput, type FaqMove } from '@portal/contract';
import type { Actor } from '../../db/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import type { PartnerScope } from '../../scope/partner-scope.js';
import * as faqs from './repository.js';

const toFaq = (row: faqs.FaqRow): ConsoleFaq => ({ id: row.id, title: row.title, text: row.text });

const noSuchFaq = () => notFound('No such question');

/** The partner's FAQs in their order, for its staff. */
export async function listFaqs(partner: PartnerScope): Promise<ConsoleFaq[]> {
  return (await faqs.listFaqs(partner)).map(toFaq);
}

export async function addFaq(partner: PartnerScope, actor: Actor, input: FaqInput): Promise<ConsoleFaq> {
  const row = await faqs.insertFaq(partner, actor, input, FAQ_LIMITS.perPartner);
  if (row === 'full') {
    throw conflict(`The FAQ page holds at most ${FAQ_LIMITS.perPartner} questions: remove one before adding another`);
  }
  return toFaq(row);
}

export async function changeFaq(partner: PartnerScope, actor: Actor, id: number, input: FaqInput): Promise<ConsoleFaq> {
  const row = await faqs.updateFaq(partner, actor, id, input);
  if (!row) throw noSuchFaq();
  return toFaq(row);
}

export async function moveFaq(partner: PartnerScope, actor: Actor, id: number, move: FaqMove): Promise<ConsoleFaq[]> {
  const rows = await faqs.moveFaq(partner, actor, id, move.direction);
  if (!rows) throw noSuchFaq();
  return rows.map(toFaq);
}

export async function removeFaq(partner: PartnerScope, actor: Actor, id: number): Promise<void> {
  if (!(await faqs.deleteFaq(partner, actor, id))) throw noSuchFaq();
}
