/**
 * Whether an access token is a view as customer's (decision 0220): its `act` claim names the staff member viewing.
 * Only decoded to decide whether to load the banner, never trusted: the server reads the view from the session.
 * Kept tiny, as the shell loads it on every signed-in page.
 */
export function viewingStaffName(accessToken: string | undefined): string | undefined {
  const payload = accessToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { act?: { name?: unknown } };
    return typeof claims.act?.name === 'string' ? claims.act.name : undefined;
  } catch {
    return undefined;
  }
}
