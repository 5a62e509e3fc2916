import { type ApiClient, apiClient } from './client';

/**
 * The tabs of one browser share its session cookie but each keeps its own access token in memory
 * (docs/decisions/0206). A logout revokes the session for all of them; this tells the others at once, so they go to
 * the sign-in page rather than show a session that has ended until their next call is refused.
 */
const CHANNEL = 'portal-session';
const SIGNED_OUT = 'signed-out';

const channelsSupported = () => typeof BroadcastChannel !== 'undefined';

/** Tells the browser's other tabs that this one logged out. */
export function tellOtherTabsSignedOut(): void {
  if (!channelsSupported()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/** Ends this tab's session when another tab logs out; returns the function that stops listening. */
export function followOtherTabs(client: ApiClient = apiClient): () => void {
  if (!channelsSupported()) return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data === SIGNED_OUT && client.session.isSignedIn()) client.endSession(undefined);
  };
  return () => channel.close();
}
