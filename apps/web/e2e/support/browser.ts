import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { screenshotsDir } from './paths';

/**
 * Debian's Chromium headless shell (scripts/ensure-chromium.sh installs it; playwright-core downloads no browsers):
 * the same engine as /usr/bin/chromium without the full browser around it, which takes a third less of the suite's
 * time (decision 0175). E2E_CHROMIUM=/usr/bin/chromium runs the suite in the full browser.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface ViewportProfile {
  readonly name: 'desktop' | 'phone';
  readonly context: BrowserContextOptions;
}

export const DESKTOP: ViewportProfile = {
  name: 'desktop',
  context: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};

export const PHONE: ViewportProfile = {
  name: 'phone',
  context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

export const VIEWPORTS: readonly ViewportProfile[] = [DESKTOP, PHONE];

/** Everything the page complained about: console errors, uncaught exceptions, CSP violations, failed requests. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
  failedRequests: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records the page's problems from the moment it is created. CSP violations are caught twice: Chromium logs each
 * one to the console, and a `securitypolicyviolation` listener (installed before any page script runs) names the
 * directive and the blocked URI.
 */
export async function watchPageProblems(page: Page): Promise<{ problems: () => Promise<PageProblems> }> {
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const failedRequests: string[] = [];

  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url, lineNumber } = message.location();
      consoleErrors.push(`${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  page.on('requestfailed', (request) => {
    // Navigating away cancels what the old page was still loading; that is not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedRequests.push(`${response.request().method()} ${response.url()}: HTTP ${response.status()}`);
  });

  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });

  return {
    problems: async () => ({
      consoleErrors: [...consoleErrors],
      pageErrors: [...pageErrors],
      cspViolations: page.isClosed() ? [] : await page.evaluate(() => [...(window.__cspViolations ?? [])]),
      failedRequests: [...failedRequests],
    }),
  };
}

export interface PortalPage {
  readonly context: BrowserContext;
  readonly page: Page;
  problems(): Promise<PageProblems>;
  close(): Promise<void>;
}

/**
 * Whether pages play CSS animations and transitions. Still, a page is drawn once per change instead of 60 times a
 * second while a spinner turns or a dialog fades: Chromium took a quarter less CPU over the same tests (decision 0178).
 * The sign-in tests keep the motion a user sees.
 */
export type Motion = 'still' | 'moving';

/** The portal's own stylesheets are unaware of it: it is adopted by the document, out of the CSP's reach. */
function stillStyles(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('*, *::before, *::after { animation: none !important; transition: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** A cookie as a browser context's storage state holds it. */
export type PortalCookie = NonNullable<
  Exclude<BrowserContextOptions['storageState'], string | undefined>['cookies']
>[number];

/** What a browser holds for the portal before its first page: local storage entries and cookies. */
export interface BrowserState {
  readonly localStorage?: Readonly<Record<string, string>>;
  readonly cookies?: readonly PortalCookie[];
}

/**
 * A fresh browser context (no shared cookies or storage) at the given viewport, with problem tracking on.
 * `state` starts the portal's origin with those local storage entries and cookies (a session signed in through the
 * API, say: support/api-session.ts).
 */
export async function openPortalPage(
  browser: Browser,
  viewport: ViewportProfile,
  baseUrl: string,
  state: BrowserState = {},
  motion: Motion = 'still',
): Promise<PortalPage> {
  const context = await browser.newContext({
    ...viewport.context,
    baseURL: baseUrl,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    storageState: {
      cookies: [...(state.cookies ?? [])],
      origins: [
        {
          origin: new URL(baseUrl).origin,
          localStorage: Object.entries(state.localStorage ?? {}).map(([name, value]) => ({ name, value })),
        },
      ],
    },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const { problems } = await watchPageProblems(page);
  if (motion === 'still') await page.addInitScript(stillStyles);
  return { context, page, problems, close: () => context.close() };
}

/**
 * Saves a full-page PNG as `<repo>/screenshots/<name>-<viewport>.png` and returns its path. `fullPage: false` takes
 * the screen only, as for an open dialog, whose backdrop covers the screen and not the page below it.
 */
export async function takeScreenshot(
  page: Page,
  name: string,
  viewport: ViewportProfile,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}-${viewport.name}.png`);
  // Let web fonts and MUI transitions settle so the picture shows the finished page.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** Waits for the page's finite animations (a dialog's fade-in, say), so axe and screenshots see the final colours. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}
