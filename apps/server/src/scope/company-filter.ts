import { COMPANY_FILTER_HEADER, IdParamSchema } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, ERROR_CODES, notFound } from '../http/errors.js';
import { type EstateCaller, estateScope } from './estate-scope.js';

/**
 * The company a request narrows the caller's estate to (decision 0075), or undefined when it sends none. A header
 * that is not an id is refused with 400 naming it; a company outside the caller's estate answers 404, as any
 * foreign id does.
 */
export async function companyFilterOf(
  db: Kysely<Database>,
  caller: EstateCaller,
  request: FastifyRequest,
): Promise<number | undefined> {
  const sent = request.headers[COMPANY_FILTER_HEADER];
  if (sent === undefined || sent === '') return undefined;
  const parsed = IdParamSchema.safeParse(sent);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Must be a company id';
    throw badRequest(`Invalid header ${COMPANY_FILTER_HEADER}`, {
      code: ERROR_CODES.validationFailed,
      details: [{ field: COMPANY_FILTER_HEADER, rule: 'company id', message }],
    });
  }
  const company = await db
    .selectFrom('companies')
    .select('companies.id')
    .where('companies.id', '=', parsed.data)
    .where('companies.id', 'in', estateScope(db, caller).companies())
    .executeTakeFirst();
  if (!company) throw notFound(`Company ${parsed.data} is not in your estate`);
  return parsed.data;
}
