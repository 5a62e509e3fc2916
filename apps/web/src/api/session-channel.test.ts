import { describe, expect, it, vi } from 'vitest';
import { followOtherTabs, tellOtherTabsSignedOut } from './session-channel';
import { expectSignedOut, json, setup, signIn } from './test-helpers';

describe('the tabs of one browser', () => {
  it('end their session, with no message, when another tab logs out', async () => {
    const { client, session, onSessionEnded } = setup(() => json(200, {}));
    signIn(session);
    const events: string[] = [];
    client.onSessionEvent((event) => events.push(event));
    const stop = followOtherTabs(client);
    try {
      tellOtherTabsSignedOut();
      await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalledWith(undefined));
      expectSignedOut(session);
      expect(events).toEqual(['signed-out']);
    } finally {
      stop();
    }
  });

  it('leave a tab that is not signed in alone', async () => {
    const { client, onSessionEnded } = setup(() => json(200, {}));
    const stop = followOtherTabs(client);
    // A channel of this test's own, opened after the tab's, hears the message after it (channels hear in the order
    // they were opened), so by then the tab has had it.
    const heard = new Promise((resolve) => {
      const witness = new BroadcastChannel('portal-session');
      witness.onmessage = () => {
        witness.close();
        resolve(undefined);
      };
    });
    try {
      tellOtherTabsSignedOut();
      await heard;
      expect(onSessionEnded).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
