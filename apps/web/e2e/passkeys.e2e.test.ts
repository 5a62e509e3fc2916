import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, type ViewportProfile } from './support/browser';
import { acceptCookies, DEMO_PASSWORD, expectAccessible } from './support/portal';
import { usePortal } from './support/suite';

// Passkeys (decision 0209) with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): one is
// added on My Account, then signs in as the second step after the password, and alone where the company allows it.
// WebAuthn binds passkeys to a domain, never an IP address, so this file's portal is reached as localhost.

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A platform authenticator for the page, as a phone's or laptop's: it keeps passkeys and verifies its user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Signs out as the session's end does, whatever the viewport: the session cookie goes, and the page with it. */
async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
}

async function passwordStep(page: Page, userName: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
}

describe('passkeys', () => {
  const portal = usePortal({ hostName: 'localhost' });

  /** Adds a passkey named `name` on My Account; answers the card. */
  async function addPasskey(page: Page, name: string, viewport: ViewportProfile) {
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByRole('button', { name: 'Continue' }).click();
    await card.getByText('Enter a name for the passkey').waitFor();
    await card.getByLabel('Passkey name').fill(name);
    // Adding a passkey asks who is there first: a session alone cannot add one (decision 0212).
    await card.getByText('Please enter a password').waitFor();
    await card.getByLabel('Password', { exact: true }).fill('not-the-password');
    await card.getByRole('button', { name: 'Continue' }).click();
    await card.getByText('Your password is not correct.').waitFor();
    await card.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: 'Continue' }).click();
    // The first passkey is the account's first second factor: recovery codes come with it.
    const codes = card.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByRole('list', { name: 'Your passkeys' }).getByText(name).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'passkeys-card', viewport);
    return card;
  }

  it('is added and renamed on My Account, then signs in as the second step after the password', async () => {
    const { page, problems } = await portal.openAs('acme.sitemanager', DESKTOP);
    await addVirtualAuthenticator(page);
    const card = await addPasskey(page, 'Work laptop', DESKTOP);
    await card.getByText('not used yet', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Rename Work laptop' }).click();
    await card.getByLabel('Passkey name').fill('Desk laptop');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('list', { name: 'Your passkeys' }).getByText('Desk laptop').waitFor();
    await page.getByRole('region', { name: 'Two-step verification' }).getByText('one of your passkeys').waitFor();
    await signOut(page);

    await passwordStep(page, 'acme.sitemanager');
    await page.getByText('Use one of your passkeys to finish signing in', { exact: false }).waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'passkey-second-step', DESKTOP);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

    await page.goto('/account');
    await card.getByText('last used', { exact: false }).waitFor();
    // Removed again, confirmed with the password: the sign-in is the password's alone once more.
    await card.getByRole('button', { name: 'Remove Desk laptop' }).click();
    await card.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    await card.getByText('You have no passkeys.', { exact: false }).waitFor();

    const { pageErrors, cspViolations, failedRequests } = await problems();
    expect({ pageErrors, cspViolations }).toEqual({ pageErrors: [], cspViolations: [] });
    // The wrong password refused before the passkey was added, and the password step's second_step_required;
    // nothing else failed.
    expect(failedRequests).toEqual([
      expect.stringMatching(/POST .*\/api\/passkeys\/registration: HTTP 400/),
      expect.stringMatching(/POST .*\/api\/login: HTTP 400/),
    ]);
  }, 90_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'signs in alone where the company allows it, and is refused clearly where it does not',
    async () => {
      const { page } = await portal.openAs('acme.finance', PHONE);
      await addVirtualAuthenticator(page);
      await addPasskey(page, 'My phone', PHONE);
      await signOut(page);

      // Acme's companies do not allow a passkey alone yet.
      await acceptCookies(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Your company does not allow signing in with a passkey alone.' })
        .waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await takeScreenshot(page, 'passkey-sign-in-refused', PHONE);

      const client = new pg.Client({ connectionString: portal.databaseUrl });
      await client.connect();
      try {
        // Every company of the user's must allow it (the strictest policy binds a user of several).
        await client.query(
          `INSERT INTO company_sign_in_policies (company_id, passkey_sign_in)
           SELECT uc.company_id, true FROM user_companies uc JOIN users u ON u.id = uc.user_id
           WHERE u.user_name = 'acme.finance'
           ON CONFLICT (company_id) DO UPDATE SET passkey_sign_in = true`,
        );
      } finally {
        await client.end();
      }
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    },
    90_000,
  );

  it('offers the passkey in the second step on a phone, beside the way back', async () => {
    const { page } = await portal.openAs('acme.teamlead', PHONE);
    await addVirtualAuthenticator(page);
    await addPasskey(page, 'Phone', PHONE);
    await signOut(page);
    await passwordStep(page, 'acme.teamlead');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await takeScreenshot(page, 'passkey-second-step', PHONE);
  }, 60_000);
});
