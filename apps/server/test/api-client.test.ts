import { API, createPortalClient, PortalApiError } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSite } from '../../../docs/examples/add-a-site.js';
import { DEMO_PASSWORD, useDemoApp } from './support/test-app.js';

const context = useDemoApp();
let baseUrl = '';

beforeAll(async () => {
  baseUrl = await context.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await context.app.close();
});

describe('the typed client of docs/api-client.md', () => {
  it('runs the example: signs in, lists sites and adds one', async () => {
    const result = await addSite(baseUrl, 'acme.admin', DEMO_PASSWORD, 'Leeds Wharf');
    expect(result).toMatchObject({ added: { name: 'Leeds Wharf', id: expect.any(Number) } });
    expect(result.total).toBeGreaterThan(1);
    expect(result.firstNames).toHaveLength(Math.min(5, result.total));
  });

  it("answers the example's refusal with the field and rule", async () => {
    const result = await addSite(baseUrl, 'acme.admin', DEMO_PASSWORD, '');
    expect(result).toMatchObject({ refused: { details: [expect.objectContaining({ field: 'name' })] } });
  });

  it('throws PortalApiError with the status for a call without the functionality', async () => {
    const signIn = createPortalClient({ baseUrl });
    const { token } = await signIn.call(API.login.login, {
      body: { username: 'acme.finance', password: DEMO_PASSWORD, cookiePolicyAccepted: true },
    });
    const finance = createPortalClient({ baseUrl, accessToken: () => token.access_token });
    const refused = await finance.call(API.sites.list, { query: { $top: '1' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PortalApiError);
    expect((refused as PortalApiError).status).toBe(403);
  });
});
