import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { expectAccessible, NO_PROBLEMS, signIn } from './support/portal';
import { usePortal } from './support/suite';

// My Account's sessions (decision 0211) as a user meets them: signed in on two browsers, one signs the other out.
// The sign-ins go through the login form, so each session is named by its own browser's user agent.

const ON_WINDOWS: ViewportProfile = {
  ...DESKTOP,
  context: {
    ...DESKTOP.context,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
};
const ON_IPHONE: ViewportProfile = {
  ...PHONE,
  context: {
    ...PHONE.context,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
};

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const sessionsList = (page: Page) =>
  page.getByRole('region', { name: 'Sessions' }).getByRole('list', { name: 'Your sessions' });

async function openSessions(page: Page, count: number) {
  await page.goto('/account');
  await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
  await expect.poll(() => sessionsList(page).getByRole('listitem').count()).toBe(count);
}

/** The page's next navigation finds its session ended: the sign-in page. */
async function expectSignedOut(page: Page) {
  await page.goto('/my-bills');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
}

describe('sessions on My Account', () => {
  const portal = usePortal();

  it('lists the sessions of two browsers, marks this one, and signs the other out everywhere else', async () => {
    const computer = await portal.open(ON_WINDOWS);
    await signIn(computer.page, 'acme.finance');
    const phone = await portal.open(ON_IPHONE);
    await signIn(phone.page, 'acme.finance');

    await openSessions(computer.page, 2);
    const list = sessionsList(computer.page);
    const here = list.getByRole('listitem', { name: 'Chrome on Windows, this device' });
    await here.getByText('This device', { exact: true }).waitFor();
    await here.getByText('Password', { exact: true }).waitFor();
    // The current session has no sign-out of its own: the header's Logout is that.
    expect(await here.getByRole('button').count()).toBe(0);
    const there = list.getByRole('listitem', { name: 'Safari on iOS' });
    await there.getByText('Password', { exact: true }).waitFor();
    await there.getByText(/^Signed in \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Last active \d{2}\/\d{2}\/\d{4}/).waitFor();
    await expectAccessible(computer.page);
    await takeScreenshot(computer.page, 'account-sessions', DESKTOP);

    // The phone sees the same two, its own marked, stacked within its 390 px.
    await openSessions(phone.page, 2);
    await sessionsList(phone.page).getByRole('listitem', { name: 'Safari on iOS, this device' }).waitFor();
    expect(await noOverflow(phone.page)).toBeLessThanOrEqual(0);
    // The screen only: a full-page picture draws the sticky toolbar in the middle of a scrolled page.
    await sessionsList(phone.page).evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await takeScreenshot(phone.page, 'account-sessions', PHONE, { fullPage: false });

    // Everywhere else, after a confirmation: the phone's session ends, this one stays.
    await computer.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = computer.page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText('This one stays signed in.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, I Understand' }).click();
    await computer.page.getByText('You signed out of 1 other session.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await computer.page.getByText('You are not signed in anywhere else.').waitFor();
    expect(await computer.page.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

    await expectSignedOut(phone.page);
    // This browser is still signed in, through a reload too.
    await computer.page.reload();
    await openSessions(computer.page, 1);
    expect(await computer.problems()).toEqual(NO_PROBLEMS);
  });

  it('signs one other session out after asking once more', async () => {
    const computer = await portal.open(ON_WINDOWS);
    await signIn(computer.page, 'acme.mobile');
    // Debian's headless Chromium on Linux: a browser of another kind.
    const other = await portal.open(DESKTOP);
    await signIn(other.page, 'acme.mobile');

    await openSessions(computer.page, 2);
    const list = sessionsList(computer.page);
    await list.getByRole('button', { name: 'Sign out Chrome on Linux' }).click();
    // Cancel keeps it; the second ask signs it out.
    await list.getByRole('button', { name: 'Cancel' }).click();
    await list.getByRole('button', { name: 'Sign out Chrome on Linux' }).click();
    await list.getByRole('button', { name: 'Confirm sign out of Chrome on Linux' }).click();
    await computer.page.getByText('That session is signed out.').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expectSignedOut(other.page);
    expect(await computer.problems()).toEqual(NO_PROBLEMS);
  });

  it('says when the sessions could not be loaded, and loads them on Retry', async () => {
    const { page } = await portal.openAs('acme.sitemanager', DESKTOP);
    let refuse = true;
    await page.route('**/api/sessions', (route) =>
      refuse ? route.fulfill({ status: 503, json: { statusCode: 503, message: 'Down' } }) : route.fallback(),
    );
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Sessions' });
    await card.getByText("We couldn't load your sessions.").waitFor();
    refuse = false;
    await card.getByRole('button', { name: 'Retry' }).click();
    await card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem').first().waitFor();
  });
});
