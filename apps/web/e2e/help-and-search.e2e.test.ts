import { describe, expect, it } from 'vitest';
import { type ApiSession, signInThroughApi } from './support/api-session';
import { DESKTOP, PHONE, takeScreenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, NO_PROBLEMS } from './support/portal';
import { usePortal } from './support/suite';

/** Calls the API as the account, with its API session's token (the page's is out of scripts' reach: 0206). */
async function apiGet<T>(session: ApiSession, path: string): Promise<T> {
  const answer = await session.get<T>(path);
  if (answer === undefined) throw new Error(`GET ${path} as ${session.userName} was refused`);
  return answer;
}

type ListReply<T> = { value: T[] };

describe('search, FAQ and contact', () => {
  const portal = usePortal();

  it('finds a user’s own line written with +44 and spaces, and keeps the term in the URL', async () => {
    const { page, problems, session } = await portal.openAs('acme.broadband');
    await page.goto('/');
    const own = await apiGet<ListReply<{ identifier: string; name: string }>>(
      session,
      '/api/endpoints/broadbandConnection/user?$select=identifier,name',
    );
    const line = own.value[0];
    if (!line) throw new Error('acme.broadband has no broadband contract');
    // 01912434439 → +44 191 243 4439
    const national = line.identifier;
    const written = `+44 ${national.slice(1, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;

    await page.goto('/search');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(written);
    const section = page.getByRole('region', { name: 'Broadband Contracts' });
    await section.getByRole('link', { name: line.name }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('searchTerm') === written);
    expect(await section.getByRole('link', { name: line.name }).getAttribute('href')).toBe(
      `/broadband/contract/${national}`,
    );
    await expectAccessible(page);
    await takeScreenshot(page, 'search', DESKTOP);
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  it('finds nothing of another company', async () => {
    // A site of Globex, found by Globex's own administrator...
    const globex = await signInThroughApi(portal.server.baseUrl, 'globex.admin');
    const globexSearch = await globex.get<ListReply<{ name: string }>>(
      '/api/companies/search?searchTerm=Head%20Office&type=Site',
    );
    const globexSite = globexSearch?.value[0]?.name;
    if (!globexSite) throw new Error('Globex has no head office');

    // ...is not found by Acme's.
    const { page, problems } = await portal.openAs('acme.admin');
    const searched = page.waitForResponse((response) => response.url().includes('/api/companies/search'));
    await page.goto(`/search?searchTerm=${encodeURIComponent(globexSite)}`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(globexSite);
    expect((await searched).status()).toBe(200);
    const sites = page.getByRole('region', { name: 'Sites' });
    if (await sites.count()) expect(await sites.getByRole('link', { name: globexSite, exact: true }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('zzqx-nothing-matches');
    await page.getByText('Unable to find any results for zzqx-nothing-matches').waitFor();
    await page.waitForURL((url) => url.searchParams.get('searchTerm') === 'zzqx-nothing-matches');
    expect(await problems()).toEqual(NO_PROBLEMS);
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the partner’s FAQ and contact details (${viewport.name})`, async () => {
      const { page, problems, session } = await portal.openAs('acme.finance', viewport);
      await page.goto('/');
      const partner = await apiGet<{ name: string; partnerContacts: Array<{ type: string; value: string }> }>(
        session,
        '/api/partners/current',
      );
      const faqs = await apiGet<ListReply<{ title: string; text: string }>>(session, '/api/faqs');
      expect(faqs.value.length).toBeGreaterThan(1);

      await page.goto('/faq');
      await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
      const second = faqs.value[1];
      if (!second) throw new Error('no second FAQ');
      const question = page.getByRole('button', { name: second.title });
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await question.click();
      await page.getByText(second.text).waitFor();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page);
      await takeScreenshot(page, 'faq', viewport);

      await page.goto('/contact');
      await page.getByRole('heading', { level: 2, name: partner.name }).waitFor();
      for (const contact of partner.partnerContacts) {
        await page.getByText(contact.type, { exact: true }).waitFor();
        await page.getByText(contact.value, { exact: true }).waitFor();
      }
      const addressLines = await page.locator('address > span').allTextContents();
      expect(addressLines.length).toBeGreaterThan(1);
      expect(addressLines.every((line) => line.trim() !== '')).toBe(true);
      await expectAccessible(page);
      await takeScreenshot(page, 'contact', viewport);
      if (viewport === PHONE) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      expect(await problems()).toEqual(NO_PROBLEMS);
    });
  }
});
