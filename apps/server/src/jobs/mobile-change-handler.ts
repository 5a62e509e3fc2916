import { EMAIL_CONFIRMING_SUPPLIER_ID } from '@portal/contract';
import { CARRIER_KEY, changesOf, type MobileCarrierKey } from '../carriers/carrier-adapters.js';
import type { MobileCarriers } from '../carriers/mobile-carriers.js';
import { carrierChangeEmail } from '../mail/carrier-change-email.js';
import type { Mailer } from '../mail/mailer.js';
import type { CarrierRequestPayload } from '../modules/mobile-carriers/repository.js';
import { addCompletionEvent, type CarrierRequestHandler, type ClaimedRequest } from './carrier-request-handler.js';

const CARRIER_NAMES: Record<MobileCarrierKey, string> = {
  'mobile-33': 'Halo Mobile',
  'mobile-27-36': 'Vertex Wireless',
};

const payloadOf = (request: ClaimedRequest) => request.payload as CarrierRequestPayload;
const carrierOf = (request: ClaimedRequest) => request.carrier as MobileCarrierKey;

/**
 * The mobile carriers' changes (docs/decisions/0088): sent, then followed until the carrier applies or refuses
 * them; the completion writes the Succeeded or Failed event and, for supplier 36, e-mails the requester.
 */
export function mobileChangeHandler(carriers: MobileCarriers, mailer: Mailer): CarrierRequestHandler {
  return {
    kinds: ['call_barring', 'sim_swap', 'spend_limit_unbar'],
    carriers: Object.values(CARRIER_KEY),
    carrierName: (carrier) => CARRIER_NAMES[carrier as MobileCarrierKey],
    async send(request) {
      const { line, change } = payloadOf(request);
      const { reference } = await changesOf(carriers, carrierOf(request)).send(line, change, String(request.id));
      return { reference, settled: false };
    },
    progress: (request, reference) => changesOf(carriers, carrierOf(request)).progress(reference),
    // A mail server that fails rolls the completion back, so it is completed again later: the e-mail may go
    // twice, but never not at all, and the event goes once.
    async completed(trx, request, outcome) {
      const payload = payloadOf(request);
      if (payload.addEvent && request.order_item_id !== null) {
        const notes =
          outcome.state === 'failed'
            ? `${payload.summary} (request ${request.id}) failed: ${outcome.reason}`
            : `${payload.summary} (request ${request.id}) completed`;
        await addCompletionEvent(trx, request.order_item_id, outcome, notes);
      }
      if (payload.line.supplierId !== EMAIL_CONFIRMING_SUPPLIER_ID || request.requested_by_user_id === null) return;
      const requester = await trx
        .selectFrom('users')
        .innerJoin('partners', 'partners.id', 'users.partner_id')
        .select(['users.user_name', 'users.email_address', 'partners.name as partner_name'])
        .where('users.id', '=', request.requested_by_user_id)
        .executeTakeFirst();
      if (!requester) return;
      const mail = carrierChangeEmail({
        userName: requester.user_name,
        partnerName: requester.partner_name,
        cli: payload.line.cli,
        kind: request.kind as CarrierRequestPayload['change']['kind'],
        summary: payload.summary,
        outcome,
      });
      await mailer.send({ to: requester.email_address, ...mail });
    },
  };
}
