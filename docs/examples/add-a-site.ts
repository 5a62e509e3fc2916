import { API, createPortalClient, PortalApiError } from '@portal/contract';

/**
 * What another team's tool does with the typed client (docs/api-client.md): sign in, read a list, make a change.
 * Every input and answer is typed by the operation's declaration, and every answer is checked against its schema.
 */
export async function addSite(baseUrl: string, username: string, password: string, siteName: string) {
  // The sign-in answers the token set; cookiePolicyAccepted records the user's consent, as the portal's page does.
  const signIn = createPortalClient({ baseUrl });
  const { token } = await signIn.call(API.login.login, { body: { username, password, cookiePolicyAccepted: true } });
  const portal = createPortalClient({ baseUrl, accessToken: token.access_token });

  // A list: OData options in the query, as text (as in the URL); the count comes beside the page of rows.
  const sites = await portal.call(API.sites.list, { query: { $orderby: 'name asc', $top: '5', $count: 'true' } });

  // A write: a refusal throws PortalApiError, whose body names each field and rule that failed.
  try {
    const site = await portal.call(API.sites.create, {
      body: {
        name: siteName,
        newAddress: { line1: '5 Canal Wharf', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS11 5PS' },
      },
    });
    return { added: site, total: sites['@odata.count'] ?? 0, firstNames: sites.value.map((row) => row.name ?? '') };
  } catch (error) {
    if (error instanceof PortalApiError && error.status === 400)
      return { refused: error.body, total: 0, firstNames: [] };
    throw error;
  }
}
