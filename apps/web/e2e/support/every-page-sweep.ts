import type { RoutePath } from '@portal/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './api-session';
import { PHONE, VIEWPORTS } from './browser';
import { openInApp, type PagePath, permittedPaths } from './every-route';
import { type AxeFinding, NO_PROBLEMS, settledAxeFindings } from './portal';
import { usePortal } from './suite';
import { undersizedTargets } from './target-size';

export const PHONE_WIDTH = 390;

interface Overflow {
  scrollWidth: number;
  /** Visible elements whose right edge is past the screen's, unless a narrower scrolling or clipping box holds them. */
  sticksOut: string[];
}

function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate((width) => {
    function label(element: Element): string {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList)
        .filter((name) => !name.startsWith('css-'))
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${id}${classes} right=${right} "${text}"`;
    }
    function clipped(element: Element): boolean {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    }
    const outermost: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue;
      // Its children say nothing new.
      if (outermost.some((offender) => offender.contains(element))) continue;
      outermost.push(element);
    }
    return { scrollWidth: document.documentElement.scrollWidth, sticksOut: outermost.slice(0, 8).map(label) };
  }, PHONE_WIDTH);
}

interface PageFindings {
  path: string;
  axe?: AxeFinding[];
  undersizedTargets?: string[];
  overflow?: Overflow;
}

/**
 * Every page each of the given demo accounts may open, at desktop and phone size, in one browser context per account
 * and size (one signed-in session per account): axe with every rule, the 24 px target-size check, and at phone size
 * that the page fits 390 px. Each test gathers the findings of all pages, so one run names them all. The sweep is
 * split over test files by account, so that they run side by side; acme.admin's ids stand in first for the routes an
 * account has no item of its own for (its not-found page must fit too).
 */
export function everyPageSweep(accounts: readonly string[]) {
  describe(`every page, both sizes: ${accounts.join(', ')}`, () => {
    const portal = usePortal();
    // Ids of the accounts before, for routes an account may open without having anything of its own there.
    const others = new Map<RoutePath, string>();
    const sessions = new Map<string, Promise<{ session: ApiSession; paths: PagePath[] }>>();
    const signedIn = (userName: string) => {
      let entry = sessions.get(userName);
      if (!entry) {
        entry = signInThroughApi(portal.server.baseUrl, userName).then(async (session) => ({
          session,
          paths: await permittedPaths(session, others),
        }));
        sessions.set(userName, entry);
      }
      return entry;
    };
    for (const userName of accounts) {
      for (const viewport of VIEWPORTS) {
        const what = viewport === PHONE ? `fit a ${PHONE_WIDTH} px wide screen and ` : '';
        it(`every page ${userName} may open (${viewport.name}) must ${what}pass axe and the target-size check`, {
          timeout: 240_000,
        }, async () => {
          await signedIn('acme.admin');
          const { session, paths } = await signedIn(userName);
          const { page, problems } = await portal.open(viewport, session.storage);
          let current: PagePath | undefined;
          const notFoundOn: string[] = [];
          // A 404 belongs to the page that asked, which may answer after the sweep has moved to the next page.
          const askedOn = new WeakMap<Request, string>();
          page.on('request', (request) => askedOn.set(request, current?.path ?? page.url()));
          page.on('response', (response) => {
            if (response.status() === 404) notFoundOn.push(askedOn.get(response.request()) ?? page.url());
          });
          await page.goto('/faq');

          const findings: PageFindings[] = [];
          for (const entry of paths) {
            current = entry;
            await openInApp(page, entry.path);
            expect(new URL(page.url()).pathname, `${userName} was sent away from ${entry.path}`).toBe(entry.path);
            const found: PageFindings = { path: entry.path };
            if (viewport === PHONE) {
              const overflow = await measureOverflow(page);
              if (overflow.scrollWidth > PHONE_WIDTH || overflow.sticksOut.length > 0) found.overflow = overflow;
            }
            const axe = await settledAxeFindings(page);
            if (axe.length > 0) found.axe = axe;
            const undersized = await undersizedTargets(page);
            if (undersized.length > 0) found.undersizedTargets = undersized;
            if (Object.keys(found).length > 1) findings.push(found);
          }
          expect(findings).toEqual([]);
          expect(paths.length).toBeGreaterThan(5);

          // Another account's id is not found, and that is the only failure there may be.
          const borrowed = new Set(paths.filter((entry) => entry.borrowed).map((entry) => entry.path));
          expect(notFoundOn.filter((path) => !borrowed.has(path))).toEqual([]);
          const { failedRequests, consoleErrors, ...rest } = await problems();
          expect({
            failedRequests: failedRequests.filter((failure) => !failure.endsWith(': HTTP 404')),
            consoleErrors: consoleErrors.filter((error) => !error.includes('status of 404 (Not Found)')),
            ...rest,
          }).toEqual(NO_PROBLEMS);
        });
      }
    }
  });
}
