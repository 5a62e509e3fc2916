import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useDemoApp } from '../support/test-app.js';

const context = useDemoApp();
const NUL_QUERY = 'webDataPhysicalLocation=x%00&fileName=y';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const user of ['acme.finance', 'acme.mobile']) {
    tokens[user] = (await signIn(context.app, user)).accessToken;
  }
});

const download = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: `/api/invoices/download?${NUL_QUERY}`, headers });

// The download refuses text PostgreSQL cannot store before validation does (see invoice-downloads.test.ts), but only
// once the caller is known: a caller who may not download at all learns that first, as on any other call.
describe('GET /api/invoices/download with a NUL in the query', () => {
  it('answers 401 without a token and 403 without a file permission, recording nothing', async () => {
    expect((await download({})).statusCode).toBe(401);
    const forbidden = await download(bearer(tokens['acme.mobile']!));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'missing_functionality' });
    const recorded = await context.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'invoice.download_refused')
      .execute();
    expect(recorded).toEqual([]);
  });

  it('answers a caller who may download with the 404 of any refused download', async () => {
    const response = await download(bearer(tokens['acme.finance']!));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'file_not_found' });
  });
});
