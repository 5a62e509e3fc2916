import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { connectCompanyFilter } from '../api/company-filter';
import { connectQueryCache } from '../api/query-cache';
import { followOtherTabs } from '../api/session-channel';
import { NotificationProvider } from '../components/notifications/NotificationProvider';
import { CookieConsentProvider } from '../cookie-consent/CookieConsent';
import { routerBasename, routerPathname } from '../lib/base-url';
import { PartnerColours } from '../partner/PartnerColours';
import { preloadFirstScreen } from './preload-first-screen';
import { createQueryClient } from './query-client';
import { SessionEndedRedirect } from './SessionEndedRedirect';

/**
 * Server-state cache (with the spec's cache rules), the partner's colours, notifications, the cookie notice and the
 * router rooted at the page's `<base href>`. MUI's theme is not here: the screens that use MUI bring it
 * (PartnerThemeProvider), so the sign-in page loads neither MUI nor Emotion (decision 0191). `prerenderedAt` is the
 * path the build renders the page at, outside a browser.
 */
export function AppProviders({ children, prerenderedAt }: { children: ReactNode; prerenderedAt?: string }) {
  const [basename] = useState(() => (prerenderedAt === undefined ? routerBasename() : '/'));
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (prerenderedAt === undefined) preloadFirstScreen(client, routerPathname(basename));
    return client;
  });
  useEffect(() => connectQueryCache(queryClient), [queryClient]);
  useEffect(() => connectCompanyFilter(), []);
  useEffect(() => followOtherTabs(), []);

  const routed = (
    <>
      <SessionEndedRedirect />
      <CookieConsentProvider>{children}</CookieConsentProvider>
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <PartnerColours />
      <NotificationProvider>
        {prerenderedAt === undefined ? (
          <BrowserRouter basename={basename}>{routed}</BrowserRouter>
        ) : (
          <StaticRouter location={prerenderedAt}>{routed}</StaticRouter>
        )}
      </NotificationProvider>
    </QueryClientProvider>
  );
}
