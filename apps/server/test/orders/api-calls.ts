import { beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { bearer, type SignedIn, signIn } from '../support/test-app.js';

export type ListBody<Row = Record<string, unknown>> = { value: Row[]; '@odata.count'?: number };

/**
 * Signs the given demo users in once for a test file and returns `get(user, url, query)`; `get(undefined, ...)`
 * calls without a token.
 */
export function useSessions(context: { app: App }, users: readonly string[]) {
  const sessions: Record<string, SignedIn> = {};
  beforeAll(async () => {
    for (const user of users) sessions[user] = await signIn(context.app, user);
  });
  return (user: string | undefined, url: string, query: Record<string, string> = {}) => {
    const session = user === undefined ? undefined : sessions[user];
    if (user !== undefined && !session) throw new Error(`${user} is not signed in by useSessions`);
    return context.app.inject({ method: 'GET', url, query, headers: session ? bearer(session.accessToken) : {} });
  };
}

/** The orders of a kind the database holds for a company, newest first (the lists' default order). */
export async function ordersOf(database: DatabaseHandle, companyName: string, type: 'mobile' | 'broadband') {
  return database.db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .select(['orders.id', 'orders.reference', 'orders.created_date'])
    .where('companies.name', '=', companyName)
    .where('orders.order_type', '=', type)
    .orderBy('orders.created_date', 'desc')
    .orderBy('orders.id')
    .execute();
}

/** The line assigned to an endpoint-level demo user, with its contract's order item. */
export async function lineOf(database: DatabaseHandle, userName: string) {
  return database.db
    .selectFrom('user_endpoints')
    .innerJoin('users', 'users.id', 'user_endpoints.user_id')
    .innerJoin('endpoints', 'endpoints.id', 'user_endpoints.endpoint_id')
    .innerJoin('contracts', 'contracts.endpoint_id', 'endpoints.id')
    .select([
      'endpoints.id',
      'endpoints.identifier',
      'endpoints.company_id',
      'contracts.id as contractId',
      'contracts.order_item_id as orderItemId',
    ])
    .where('users.user_name', '=', userName)
    .executeTakeFirstOrThrow();
}
