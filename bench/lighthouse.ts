import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { DEMO_PASSWORD } from './load.js';
import { startPortal } from './portal-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The Speed issue's targets, on each page's median: a score, and layout shift and blocking time under these. */
const CLS_BELOW = 0.05;
const TBT_BELOW_MS = 150;
/** Lighthouse's audit ids of the metrics shown, with how each prints. */
const METRICS = {
  'FCP ms': 'first-contentful-paint',
  'LCP ms': 'largest-contentful-paint',
  'TBT ms': 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  'SI ms': 'speed-index',
  'bytes kB': 'total-byte-weight',
} as const;

type Figures = { score: number | null; 'cpu index': number } & Record<keyof typeof METRICS, number | null>;

/** What the browser keeps for the portal's origin before the page loads. */
type BrowserState = {
  localStorage: Record<string, string>;
  cookies: Array<{ name: string; value: string; path: string; httpOnly: boolean; expires: number }>;
};

/**
 * Signs in over HTTP as the web app does (apps/web/src/api/auth-api.ts, with its session header) and returns what the
 * browser then holds: the session cookies the login answer sets (the HttpOnly refresh token and the signed-in flag,
 * docs/decisions/0206), from which the page restores the session, and the cookie notice accepted.
 */
async function signedInBrowser(baseUrl: string, username: string): Promise<BrowserState> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'x-portal-session': 'cookie',
    },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD, cookiePolicyAccepted: 'true' }),
  });
  if (!login.ok) throw new Error(`POST /api/login answered ${login.status}: ${await login.text()}`);
  await login.body?.cancel();
  const cookies = login.headers
    .getSetCookie()
    .map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const attribute = (name: string) =>
        attributes.find((entry) => entry.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      return {
        name: pair.slice(0, pair.indexOf('=')),
        value: pair.slice(pair.indexOf('=') + 1),
        path: attribute('path') ?? '/',
        httpOnly: attributes.some((entry) => entry.toLowerCase() === 'httponly'),
        expires: Math.floor(Date.now() / 1000) + Number(attribute('max-age') ?? 3600),
      };
    })
    .filter((cookie) => cookie.name.startsWith('portal_'));
  // The cookie notice accepted in this browser (apps/web/src/cookie-consent/cookie-consent-store.ts).
  return { localStorage: { cookie_policy_accepted: new Date().toISOString() }, cookies };
}

/** Writes cookies and local storage for the origin in the browser's default context, from a page that runs none of the app. */
async function writeBrowserState(debuggingPort: number, origin: string, state: BrowserState) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const domain = new URL(origin).hostname;
    await context.addCookies(
      state.cookies.map((cookie) => ({ ...cookie, domain, secure: false, sameSite: 'Strict' as const })),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/health`);
    await page.evaluate((pairs) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } })
        .localStorage;
      for (const [key, value] of pairs) storage.setItem(key, value);
    }, Object.entries(state.localStorage));
    await page.close();
  } finally {
    // Over CDP this only disconnects; Chromium keeps running for Lighthouse.
    await browser.close();
  }
}

/** One Lighthouse performance run (mobile, simulated throttling: the defaults) in a fresh Chromium profile. */
async function measure(url: string, session: (() => Promise<BrowserState>) | undefined, notes: Set<string>) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    if (session) await writeBrowserState(chrome.port, new URL(url).origin, await session());
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the session written above; the profile is new, so the cache is cold all the same.
      disableStorageReset: session !== undefined,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    for (const warning of lhr.runWarnings) notes.add(warning);
    // The page a run ended on: a session the app did not take would end on /login.
    notes.add(`ended at ${new URL(lhr.finalDisplayedUrl).pathname}`);
    if (lhr.runtimeError) notes.add(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    const figures = {
      score: typeof score === 'number' ? Math.round(score * 100) : null,
      // Lighthouse's measure of this machine's CPU speed; simulated throttling assumes a fast desktop (~1000+).
      'cpu index': Math.round(lhr.environment.benchmarkIndex),
    } as Figures;
    for (const [label, audit] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
      const value = lhr.audits[audit]?.numericValue;
      if (value === undefined) figures[label] = null;
      else if (label === 'CLS') figures[label] = Math.round(value * 1000) / 1000;
      else if (label === 'bytes kB') figures[label] = Math.round(value / 1000);
      else figures[label] = Math.round(value);
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/**
 * A run whose trace Lighthouse could not read (its runtime error NO_NAVSTART, now and then on this Chromium) has no
 * score: it is run once more, so the median is of RUNS runs. A second failure is kept, and the median leaves it out.
 */
async function measureAgainOnTraceError(
  url: string,
  session: (() => Promise<BrowserState>) | undefined,
  notes: Set<string>,
): Promise<Figures> {
  const first = await measure(url, session, notes);
  if (first.score !== null) return first;
  notes.add('a run without a score was run again');
  return measure(url, session, notes);
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/**
 * Lighthouse performance (mobile defaults, simulated throttling) of the login page and of the signed-in home page
 * (acme.admin), BENCH_RUNS times each (5), against the built server: `npm run build && npm run bench -- lighthouse`.
 * Each page passes when its median meets the Speed issue's score (98 and 95), CLS and TBT targets.
 */
export async function run(): Promise<void> {
  const portal = await startPortal();
  try {
    const pages = [
      { name: '/login (signed out)', path: '/login', session: undefined, target: 98 },
      // A new sign-in for every run, so no run depends on tokens an earlier one may have refreshed.
      {
        name: '/ (signed in as acme.admin)',
        path: '/',
        session: () => signedInBrowser(portal.baseUrl, 'acme.admin'),
        target: 95,
      },
    ];
    const verdicts: string[] = [];
    for (const { name, path, session, target } of pages) {
      const runs: Figures[] = [];
      const notes = new Set<string>();
      for (let i = 0; i < RUNS; i++)
        runs.push(await measureAgainOnTraceError(`${portal.baseUrl}${path}`, session, notes));
      const medians = Object.fromEntries(
        Object.keys(runs[0] ?? {}).map((key) => [key, median(runs.map((r) => r[key as keyof Figures]))]),
      ) as Figures;
      console.log(`\n${name}: Lighthouse performance, mobile, simulated throttling, ${RUNS} runs`);
      console.table({ ...Object.fromEntries(runs.map((r, i) => [`run ${i + 1}`, r])), median: medians });
      for (const note of notes) console.log(`  ${note}`);
      const met =
        medians.score !== null &&
        medians.score >= target &&
        medians.CLS !== null &&
        medians.CLS < CLS_BELOW &&
        medians['TBT ms'] !== null &&
        medians['TBT ms'] < TBT_BELOW_MS;
      verdicts.push(
        `${met ? 'PASS' : 'FAIL'}: ${name} median score ${medians.score ?? 'n/a'} (target ≥ ${target}), ` +
          `CLS ${medians.CLS ?? 'n/a'} (< ${CLS_BELOW}), TBT ${medians['TBT ms'] ?? 'n/a'} ms (< ${TBT_BELOW_MS})`,
      );
    }
    console.log(`\n${verdicts.join('\n')}`);
  } finally {
    await portal.stop();
  }
}
