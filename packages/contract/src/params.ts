import { z } from 'zod';
import { IdParamSchema, wholeNumberParam } from './primitives';

/** What an id or line number in a request refers to: the tests fill each with another company's record. */
export type ParamTarget =
  | 'company'
  | 'site'
  | 'team'
  | 'endpoint'
  | 'order'
  | 'orderItem'
  | 'contract'
  | 'message'
  /** A question of the partner's FAQs (decision 0217). */
  | 'faq'
  | 'profile'
  | 'user'
  /** A customer user of the partner-staff caller's partner (view as customer, decision 0220). */
  | 'customerUser'
  /** One of the caller's passkeys (decision 0209). */
  | 'passkey'
  /** A spend alert rule of the caller's companies (decision 0213). */
  | 'alertRule'
  /** One of the caller's notices (decision 0214). */
  | 'notification'
  /** One of the caller's scheduled report subscriptions (decision 0216). */
  | 'reportSubscription'
  /** A customer company of the partner staff member's own partner (the reseller console, decision 0219). */
  | 'customerCompany'
  /** A user of such a customer company, never one of the partner's staff (decision 0219). */
  | 'customerUser'
  /** A partner's uploaded logo (decision 0218); public, as every partner's sign-in page shows its own. */
  | 'partnerLogo'
  /** A line's number (CLI): a mobile number or a broadband phone number / ADSL reference. */
  | 'cli'
  /** A mobile line's supplier (network), which some carrier routes name beside the line. */
  | 'supplier'
  /** A broadband contract's username (its order item's), which the authentication logs name beside the line. */
  | 'broadbandUsername';

/** Which record each id or cli parameter names; kept apart from the schemas' metadata so it stays out of OpenAPI. */
export const paramTargets = z.registry<{ target: ParamTarget }>();

/** An id in a path or query string ({@link IdParamSchema}: one spelling per id), naming what it refers to. */
/*#__NO_SIDE_EFFECTS__*/
export function idParam(target: Exclude<ParamTarget, 'cli' | 'broadbandUsername'>) {
  const schema = IdParamSchema.describe(`The id of the ${target}`);
  paramTargets.add(schema, { target });
  return schema;
}

/** A line number in a path: what the estate stores as the endpoint's identifier. */
/*#__NO_SIDE_EFFECTS__*/
export function cliParam() {
  const schema = z.string().trim().min(1).max(32).describe('The line number (CLI)');
  paramTargets.add(schema, { target: 'cli' });
  return schema;
}

/** A mobile line's supplier (network) in a path or query, one of `suppliers`. */
/*#__NO_SIDE_EFFECTS__*/
export function supplierParam<const S extends readonly [number, ...number[]]>(suppliers: S) {
  const [first, ...rest] = suppliers.map((id) => z.literal(id) as z.ZodLiteral<S[number]>) as [
    z.ZodLiteral<S[number]>,
    ...z.ZodLiteral<S[number]>[],
  ];
  const schema = wholeNumberParam(Math.min(...suppliers), Math.max(...suppliers))
    .pipe(rest.length === 0 ? first : z.union([first, ...rest]))
    .describe(`The supplier of the line: ${suppliers.join(' or ')}`);
  paramTargets.add(schema, { target: 'supplier' });
  return schema;
}

/** A broadband contract's username in a path (the authentication logs'), e.g. 01132096542@northwind-broadband.co.uk. */
/*#__NO_SIDE_EFFECTS__*/
export function broadbandUsernameParam() {
  const schema = z.string().trim().min(1).max(100).describe("The contract's broadband username");
  paramTargets.add(schema, { target: 'broadbandUsername' });
  return schema;
}
