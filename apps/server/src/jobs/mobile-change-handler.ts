import { confirmsChangesByEmail } from '@portal/contract';
import { changesOf, MOBILE_CARRIERS_BY_REQUEST_KEY, mobileCarrierOfRequest } from '../carriers/carrier-adapters.js';
import type { MobileCarriers } from '../carriers/mobile-carriers.js';
import { carrierChangeEmail } from '../mail/carrier-change-email.js';
import { queueEmail } from '../mail/email-outbox.js';
import type { CarrierRequestPayload } from '../modules/mobile-device/repository.js';
import { addCompletionEvent, type CarrierRequestHandler, type ClaimedRequest } from './carrier-request-handler.js';

const payloadOf = (request: ClaimedRequest) => request.payload as CarrierRequestPayload;

/**
 * The mobile carriers' changes (docs/decisions/0088): sent, then followed until the carrier applies or refuses
 * them; the completion writes the Succeeded or Failed event and, for a supplier that confirms changes by e-mail,
 * queues an e-mail to the requester.
 */
export function mobileChangeHandler(carriers: MobileCarriers): CarrierRequestHandler {
  return {
    kinds: ['call_barring', 'sim_swap', 'spend_limit_unbar'],
    carriers: [...MOBILE_CARRIERS_BY_REQUEST_KEY.keys()],
    carrierName: (carrier) => mobileCarrierOfRequest(carrier).name,
    async send(request) {
      const { line, change } = payloadOf(request);
      const { reference } = await changesOf(carriers, request.carrier).send(line, change, String(request.id));
      return { reference, settled: false };
    },
    progress: (request, reference) => changesOf(carriers, request.carrier).progress(reference),
    // The e-mail is queued in the completion's transaction (docs/decisions/0197): the status, the event and the
    // e-mail commit together, once, and a mail server that is down holds up neither.
    async completed(trx, request, outcome) {
      const payload = payloadOf(request);
      if (payload.addEvent && request.order_item_id !== null) {
        const notes =
          outcome.state === 'failed'
            ? `${payload.summary} (request ${request.id}) failed: ${outcome.reason}`
            : `${payload.summary} (request ${request.id}) completed`;
        await addCompletionEvent(trx, request.order_item_id, outcome, notes);
      }
      if (!confirmsChangesByEmail(payload.line.supplierId) || request.requested_by_user_id === null) return;
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
      await queueEmail(trx, { to: requester.email_address, ...mail });
    },
  };
}
