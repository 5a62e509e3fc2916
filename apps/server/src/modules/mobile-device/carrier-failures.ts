import { TaskCancelledError } from 'cockatiel';
import { CarrierRefusedError, CarrierUnavailableError } from '../../carriers/mobile-carrier.js';
import { HttpError } from '../../http/errors.js';

/** Whether a carrier's unavailability was its adapter's deadline running out (cockatiel's timeout cancels the call). */
function timedOut(error: CarrierUnavailableError): boolean {
  return error.cause instanceof TaskCancelledError;
}

/**
 * A carrier's failure as the portal's answer: 504 when it did not answer in time, 503 when it was down or its
 * circuit is open (worth trying again), 502 when it refused or answered something unusable. The web app shows
 * 'There was a problem with your request.' for each; the message says which carrier and why, for support.
 */
export function carrierFailure(carrierName: string, error: unknown): HttpError {
  if (error instanceof CarrierUnavailableError) {
    return timedOut(error)
      ? new HttpError(504, `${carrierName} did not answer in time`, { code: 'carrier_timeout' })
      : new HttpError(503, `${carrierName} cannot be reached at the moment`, { code: 'carrier_unavailable' });
  }
  if (error instanceof CarrierRefusedError) {
    return new HttpError(502, `${carrierName} refused the request: ${error.message}`, { code: 'carrier_refused' });
  }
  return new HttpError(502, `${carrierName} gave an answer the portal could not use`, { code: 'carrier_bad_answer' });
}

/** Runs a carrier call, answering its failure as carrierFailure says; the portal's own errors pass unchanged. */
export async function askCarrier<T>(carrierName: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const failure = carrierFailure(carrierName, error);
    // Logged with the answer (every 5xx is), so support sees what the carrier said.
    failure.cause = error;
    throw failure;
  }
}
