import { z } from 'zod';
import { IdSchema } from './primitives';

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
  | 'profile'
  /** A line's number (CLI): a mobile number or a broadband phone number / ADSL reference. */
  | 'cli';

/** Which record each id or cli parameter names; kept apart from the schemas' metadata so it stays out of OpenAPI. */
export const paramTargets = z.registry<{ target: ParamTarget }>();

/**
 * An id in a path or query string: plain decimal digits of a positive PostgreSQL integer, nothing else. `0x10`,
 * `1e3`, ` 1`, `+1` and `01` are refused rather than read as numbers, so one id has one spelling.
 */
/*#__NO_SIDE_EFFECTS__*/
export function idParam(target: Exclude<ParamTarget, 'cli'>) {
  const schema = z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Must be a whole number in plain decimal digits')
    .transform(Number)
    .pipe(IdSchema)
    .describe(`Id of a ${target}`);
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
