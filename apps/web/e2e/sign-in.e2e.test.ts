import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import {
  acceptCookies,
  DEMO_PASSWORD,
  decodedEmail,
  expectAccessible,
  latestEmail,
  NO_PROBLEMS,
  signIn,
  temporaryPasswordFrom,
} from './support/portal';
import { usePortal } from './support/suite';

const NEW_PASSWORD = 'Fresh-Start-2027!';

/** The names of the session cookies the browser holds (docs/decisions/0206), sorted. */
async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith('portal_'))
    .sort();
}

describe('sign-in', () => {
  // The first screen a user meets, as they meet it: with its transitions, on the embedded database npm start runs.
  const portal = usePortal({ motion: 'moving', database: 'embedded' });

  it('is served with the strict Content-Security-Policy', async () => {
    const { page } = await portal.open();
    const response = await page.goto('/login');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('sends the sign-in form in the HTML, drawn before any script runs (decision 0191)', async () => {
    const { page } = await portal.open(PHONE);
    const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
    for (const label of ['>Log in</h1>', '>Username</label>', '>Password</label>', 'aria-label="Cookie notice"'])
      expect(html).toContain(label);

    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('takes the pre-rendered form over without re-drawing it, keeping what was typed, with no hydration error', async () => {
    const { page, problems } = await portal.open();
    // Marks the form as the HTML parser makes it, before any script: the same node after start-up was hydrated.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const form = document.querySelector('form');
        if (!form) return;
        Object.assign(form, { fromServer: true });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // The entry script waits until the visitor has typed into the pre-rendered form.
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('acme.admin');
    release();
    await page.waitForFunction(() => !document.querySelector('[data-waiting-for-script]'));
    await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
    await page.getByRole('region', { name: 'Messages' }).waitFor();
    const fromServer = await page.evaluate(
      () => (document.querySelector('form') as { fromServer?: boolean }).fromServer,
    );
    expect(fromServer).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe('acme.admin');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the branded login card with the current messages and the cookie notice (${viewport.name})`, async () => {
      const { page, problems } = await portal.open(viewport);
      await page.goto('/login');

      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
      await page.getByText('This website uses cookies to ensure you get the best experience on our website.').waitFor();
      const learnMore = page.getByRole('link', { name: 'Learn more' });
      expect(await learnMore.getAttribute('href')).toBe('https://www.northwind-comms.co.uk/privacy');
      expect(await page.getByRole('region', { name: 'Messages' }).getByRole('alert').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await takeScreenshot(page, 'login', viewport);
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }

  it('asks for both fields before sending anything', async () => {
    const { page } = await portal.open();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter a username').waitFor();
    await page.getByText('Please enter a password').waitFor();
    expect(loginCalls).toBe(0);
  });

  it('refuses sign-in until the cookie notice is accepted, drawing the eye to its button for a second', async () => {
    const { page } = await portal.open();
    await page.goto('/login');
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('alert').filter({ hasText: 'Please accept the cookies message above to continue.' }).waitFor();
    const accept = page.getByRole('button', { name: 'Accept', exact: true });
    expect(await accept.getAttribute('data-highlighted')).toBe('true');
    await page.waitForFunction(() => !document.querySelector('button[data-highlighted]'), undefined, { timeout: 3000 });
    await accept.click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('says so when the username or password is wrong', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    expect(page.url()).toContain('/login');
    const { failedRequests, ...rest } = await problems();
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/login: HTTP 400/)]);
    expect(rest).toMatchObject({ pageErrors: [], cspViolations: [] });
  });

  it('shows the unexpected and server error texts for other failures', async () => {
    const { page } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);

    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'odd_error' }) }),
    );
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Unexpected error, please try again later.' }).waitFor();

    await page.unroute('**/api/login');
    await page.route('**/api/login', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Server error, please try later.' }).waitFor();
  });

  it('replaces the card with the expired-password screen, changes the password and signs in', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByLabel('Username').fill('acme.expired');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('heading', { name: 'Your Password Has Expired' }).waitFor();
    await page.getByText('Please enter a new password in order to log in').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Repeat new password').fill('something else');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Your new password must be different to your current password').waitFor();
    await page.getByText('The passwords you have entered do not match').waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'expired-password', DESKTOP);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const { failedRequests } = await problems();
    // The first attempt is refused with requires_password_reset; nothing else failed.
    expect(failedRequests).toEqual([expect.stringMatching(/POST .*\/api\/login: HTTP 400/)]);
  });

  it('e-mails a temporary password that signs in through the expired-password screen', async () => {
    const { page } = await portal.open(PHONE);
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');

    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Email address is required').waitFor();
    await page.getByLabel('Username').fill('acme.teamlead');
    await page.getByLabel('Email address').fill('team.lead@acmelogistics');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The email address must contain a @ and be followed by at least one .').waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'forgot-password', PHONE);

    await page.getByLabel('Email address').fill('team.lead@acmelogistics.co.uk');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password-confirmation');
    await page
      .getByText(
        'If an account matches the username and email address you have entered you should receive an email with a temporary password.',
      )
      .waitFor();
    await expectAccessible(page);
    await takeScreenshot(page, 'forgot-password-confirmation', PHONE);

    const email = await latestEmail(portal.server.dataDir);
    expect(decodedEmail(email)).toContain(`Log in at ${portal.server.baseUrl}/login with your username`);
    const temporaryPassword = temporaryPasswordFrom(email);
    await page.getByRole('link', { name: 'Return to login' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Username').fill('acme.teamlead');
    await page.getByLabel('Password', { exact: true }).fill(temporaryPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Your Password Has Expired' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows the server error text when a reset request gets no answer', async () => {
    const { page } = await portal.open();
    await page.goto('/forgot-password');
    await page.route('**/api/login/forgotPassword', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Email address').fill('it.admin@acmelogistics.co.uk');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Server error, please try later.' }).waitFor();
  });

  it('returns to the wanted page after sign-in and forgets everything at logout', async () => {
    const { page, problems } = await portal.open();
    await page.goto('/account?tab=1');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'acme.finance');
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '?tab=1');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await sessionCookieNames(page.context())).toEqual(['portal_refresh', 'portal_refresh', 'portal_signed_in']);

    const revoke = page.waitForResponse((response) => response.url().endsWith('/api/login/revoke'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await revoke).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await sessionCookieNames(page.context())).toEqual([]);

    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('keeps no token where scripts can read it, and stays signed in across a reload and tabs until logout ends both (0206)', async () => {
    const { page, context, problems } = await portal.open();
    // Every token the server hands this browser: the access tokens in the answers, the refresh token in its cookie.
    const tokens = new Set<string>();
    const answers: Array<{ url: string; body: unknown }> = [];
    type TokenAnswer = { token?: { access_token: string }; data?: { token: { access_token: string } } };
    const reading: Array<Promise<void>> = [];
    context.on('response', (response) => {
      if (!/\/api\/login(\/dash|\/refresh)?$/.test(new URL(response.url()).pathname) || !response.ok()) return;
      reading.push(
        response
          .json()
          .then((body: TokenAnswer) => {
            answers.push({ url: response.url(), body });
            const access = body.token?.access_token ?? body.data?.token.access_token;
            if (access) tokens.add(access);
          })
          // A reload may drop an answer's body before it is read: the tab reads none of it either.
          .catch(() => undefined),
      );
    });
    const refreshToken = async () => {
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'portal_refresh');
      if (cookie) tokens.add(cookie.value);
      return cookie;
    };
    /** Nothing in either storage is a JWT or a token the server handed out, and the refresh cookie is not scripts'. */
    const expectNoTokenReadable = async (tab: Page) => {
      await Promise.all(reading);
      await refreshToken();
      const readable = await tab.evaluate(() => ({
        stored: [localStorage, sessionStorage].flatMap((storage) =>
          Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
        ),
        cookies: document.cookie,
      }));
      expect(tokens.size).toBeGreaterThan(1);
      for (const entry of [...readable.stored, readable.cookies]) {
        expect(entry).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
        for (const token of tokens) expect(entry).not.toContain(token);
      }
    };

    await signIn(page, 'acme.finance');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await refreshToken();
    const copies = (await context.cookies()).filter((cookie) => cookie.name === 'portal_refresh');
    expect(
      copies
        .map(({ path, httpOnly, sameSite }) => ({ path, httpOnly, sameSite }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { path: '/api/login/refresh', httpOnly: true, sameSite: 'Strict' },
      { path: '/api/login/revoke', httpOnly: true, sameSite: 'Strict' },
    ]);
    await expectNoTokenReadable(page);
    // The answers the page read carry no refresh token.
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const { body } of answers) expect(JSON.stringify(body)).not.toContain('refresh_token');

    // A reload starts with nothing in memory: the cookie signs it in again, where it was.
    await page.goto('/my-bills');
    await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-bills');
    await expectNoTokenReadable(page);

    // A second tab signs in from the same cookie; both reloading at once refresh with the same token, and neither
    // ends the other's session.
    const second = await context.newPage();
    await second.goto('/account');
    await second.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await Promise.all([page.reload(), second.reload()]);
    await page.getByRole('heading', { level: 1, name: 'My Bills' }).waitFor();
    await second.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await expectNoTokenReadable(second);

    // Logout in one tab ends the session in both, and the cookie is gone: a reload stays signed out.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await second.waitForURL((url) => url.pathname === '/login');
    expect(await sessionCookieNames(context)).toEqual([]);
    await second.goto('/account');
    await second.waitForURL((url) => url.pathname === '/login');
    await expectNoTokenReadable(page);
    expect(answers.filter(({ url }) => url.endsWith('/api/login/refresh')).length).toBeGreaterThanOrEqual(3);
    for (const { body } of answers) expect(JSON.stringify(body)).not.toContain('refresh_token');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it("reloads the whole page in the partner's branding when sign-in changes the theme", async () => {
    const { page, problems } = await portal.open();
    await page.goto('/login');
    // No theme cookie yet: the first partner brands the sign-in page.
    await page.getByRole('img', { name: 'Northwind Communications' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeSignIn?: boolean }).beforeSignIn = true;
    });
    await signIn(page, 'wayne.admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('img', { name: 'Brightwave Telecom' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeSignIn?: boolean }).beforeSignIn)).toBeUndefined();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'themeCode')?.value).toBe('brightwave');
    await takeScreenshot(page, 'shell-brightwave', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });
});
