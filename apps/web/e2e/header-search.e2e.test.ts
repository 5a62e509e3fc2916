import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

const SEARCH_API = '**/api/companies/search?**';

function searchTermOf(route: Route): string | null {
  return new URL(route.request().url()).searchParams.get('searchTerm');
}

/** Lets the test decide when one search term's answer may reach the page; every other term passes straight on. */
async function holdAnswersFor(page: Page, heldTerm: string) {
  let seen: () => void = () => undefined;
  let release: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SEARCH_API, async (route) => {
    if (searchTermOf(route) === heldTerm) {
      seen();
      await released;
    }
    // The page may have given up on the request meanwhile (aborted): then there is nothing left to answer.
    await route.continue().catch(() => undefined);
  });
  return { requested, release };
}

/**
 * Records the text of every type-ahead option and status line the page ever draws, however briefly, so a test can
 * tell whether an older term's results flashed up.
 */
async function recordTypeAhead(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { typeAheadSeen: Set<string> }).typeAheadSeen = seen;
    const record = () => {
      for (const element of Array.from(document.querySelectorAll('[role="listbox"] [role="option"]'))) {
        seen.add(element.textContent ?? '');
      }
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { typeAheadSeen: Set<string> }).typeAheadSeen]);
}

function typeAhead(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search' });
  const list = page.getByRole('listbox', { name: 'Search results' });
  return { box, list, options: list.getByRole('option') };
}

/** Waits until the type-ahead has the answer of the typed term (the box is no longer busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const box = document.querySelector('[role="combobox"][aria-label="Search"]');
    return box?.getAttribute('aria-busy') === 'false' && box.getAttribute('aria-expanded') === 'true';
  });
}

describe('header search', () => {
  const portal = usePortal();

  it("never shows or opens a previous term's results while the next term is searched", async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    const { box, list, options } = typeAhead(page);
    const seen = await recordTypeAhead(page);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(request.url()));

    // 'Fibre' is asked for, but its answer is held back until 'MOB-1000' has been typed.
    const fibre = await holdAnswersFor(page, 'Fibre');
    await box.fill('Fibre');
    await page.getByRole('status').filter({ hasText: 'Searching for Fibre…' }).waitFor();
    await list.waitFor();
    await fibre.requested;
    expect(await options.allTextContents()).toEqual(['View all results...']);
    expect(await box.getAttribute('aria-busy')).toBe('true');

    await box.fill('MOB-1000');
    await page.getByRole('status').filter({ hasText: 'Searching for MOB-1000…' }).waitFor();
    fibre.release();
    await settled(page);
    const found = await options.allTextContents();
    expect(found.length).toBeGreaterThan(1);
    expect(found.at(-1)).toBe('View all results...');
    for (const option of found.slice(0, -1)) expect(option).toMatch(/^MOB-1000.*Mobile Orders$/);
    // Not for one frame did a broadband contract (the answer to 'Fibre') show.
    expect((await seen()).filter((text) => /Fibre|Broadband/.test(text))).toEqual([]);
    // The request of the abandoned term was cancelled (TanStack Query's abort signal reached fetch).
    expect(aborted.filter((url) => url.includes('searchTerm=Fibre'))).toHaveLength(1);
    await takeScreenshot(page, 'header-search-current-term', DESKTOP);
    await page.unroute(SEARCH_API);

    // Shown results of one term, then a new term typed and Enter pressed at once: the highlight can only be on the
    // new term's 'View all results...', so Enter opens the search page of the new term, not an old result.
    await box.fill('Broadband');
    await settled(page);
    expect((await options.allTextContents()).some((text) => text.endsWith('Broadband Contracts'))).toBe(true);
    await box.fill('MOB-1001');
    expect(await options.allTextContents()).toEqual(['View all results...']);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('searchTerm')).toBe('MOB-1001');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('says when nothing matches and still links to the search page', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/');
    const { box, options } = typeAhead(page);
    await box.fill('zzqx');
    await page.getByRole('status').filter({ hasText: 'No results for zzqx' }).waitFor();
    expect(await options.allTextContents()).toEqual(['View all results...']);
    await expectAccessible(page);
    // The screen only: a full-page picture resizes the viewport for a moment, and once in CI that redrew the header
    // without its search box's text (the picture showed it empty), so no option could be made active after it.
    await takeScreenshot(page, 'header-search-no-results', DESKTOP, { fullPage: false });
    // Enter follows the active option only. A press while the list is still drawing or refreshing its answer moves
    // nothing, and the one option stays active however often ArrowDown is pressed: press until it is active.
    await expect
      .poll(async () => {
        await box.press('ArrowDown');
        return box.getAttribute('aria-activedescendant');
      })
      .not.toBeNull();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('searchTerm') === 'zzqx');
    await page.getByText('Unable to find any results for zzqx').waitFor();
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('keeps the number of a result in view however long its name', async () => {
    const { page, problems } = await portal.openAs('acme.admin', DESKTOP);
    await page.goto('/');
    // The server's own answer, with each name made far longer than the list is wide.
    await page.route(SEARCH_API, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { value: Array<{ name: string }> };
      const value = body.value.map((result) => ({ ...result, name: `${result.name} ${'Regional Depot '.repeat(6)}` }));
      await route.fulfill({ response, json: { ...body, value } });
    });
    const { box, options } = typeAhead(page);
    await box.fill('071');
    await settled(page);
    const lines = await options.evaluateAll((elements) =>
      elements.slice(0, -1).map((option) => {
        const [name, detail] = Array.from(
          option.querySelectorAll('.MuiListItemText-primary, .MuiListItemText-secondary'),
        );
        if (!(name instanceof HTMLElement && detail instanceof HTMLElement)) throw new Error('an option lacks a line');
        return {
          nameCut: name.scrollWidth > name.clientWidth,
          nameEllipsis: getComputedStyle(name).textOverflow,
          detail: detail.textContent ?? '',
          detailCut: detail.scrollWidth > detail.clientWidth,
          detailBelowName: detail.getBoundingClientRect().top >= name.getBoundingClientRect().bottom - 1,
        };
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatchObject({ nameCut: true, nameEllipsis: 'ellipsis', detailCut: false, detailBelowName: true });
      expect(line.detail).toMatch(/^07\d{9} · Mobile Devices$/);
    }
    await takeScreenshot(page, 'header-search-long-names', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows a failed search as a failure with a retry that works, and searching as searching (${viewport.name})`, async () => {
      const { page, problems } = await portal.openAs('acme.admin', viewport);
      await page.goto('/');
      let failing = true;
      let held: Promise<void> | undefined;
      await page.route(SEARCH_API, async (route) => {
        if (failing) return route.fulfill({ status: 503, json: { statusCode: 503, message: 'Service Unavailable' } });
        await held;
        return route.continue().catch(() => undefined);
      });

      await page.goto('/search?searchTerm=London');
      const failure = page.getByRole('alert').filter({ hasText: 'The search failed. Please try again.' });
      await failure.waitFor();
      expect(await page.getByText('Unable to find any results').count()).toBe(0);
      await expectAccessible(page);
      await takeScreenshot(page, 'search-failed', viewport);

      // The retry: searching shows while the answer is on its way, then the results.
      let answer: () => void = () => undefined;
      held = new Promise((resolve) => {
        answer = resolve;
      });
      failing = false;
      await failure.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('status').filter({ hasText: 'Searching for London…' }).waitFor();
      expect(await failure.count()).toBe(0);
      answer();
      await page.getByRole('region', { name: 'Sites' }).getByRole('link').first().waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Searching' }).count()).toBe(0);
      await takeScreenshot(page, 'search-retried', viewport);
      if (viewport === PHONE) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }

      // The refusals are the test's own doing; nothing else went wrong.
      const { failedRequests, consoleErrors, ...rest } = await problems();
      expect(failedRequests.filter((failure) => !failure.endsWith('HTTP 503'))).toEqual([]);
      expect(consoleErrors.filter((error) => !error.includes('status of 503'))).toEqual([]);
      expect(rest).toEqual({ pageErrors: [], cspViolations: [] });
    });
  }
});
