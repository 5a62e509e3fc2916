import CssBaseline from '@mui/material/CssBaseline';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { connectCompanyFilter } from '../api/company-filter';
import { connectQueryCache } from '../api/query-cache';
import { NotificationProvider } from '../components/notifications/NotificationProvider';
import { CookieConsentProvider } from '../cookie-consent/CookieConsent';
import { routerBasename, routerPathname } from '../lib/base-url';
import { PartnerThemeProvider } from '../partner/PartnerThemeProvider';
import { preloadFirstScreen } from './preload-first-screen';
import { createQueryClient } from './query-client';
import { SessionEndedRedirect } from './SessionEndedRedirect';

/**
 * Server-state cache (with the spec's cache rules), the partner's theme, notifications, the cookie notice and the
 * router rooted at the page's `<base href>`.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [basename] = useState(routerBasename);
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    preloadFirstScreen(client, routerPathname(basename));
    return client;
  });
  useEffect(() => connectQueryCache(queryClient), [queryClient]);
  useEffect(() => connectCompanyFilter(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <PartnerThemeProvider>
        <CssBaseline />
        <NotificationProvider>
          <BrowserRouter basename={basename}>
            <SessionEndedRedirect />
            <CookieConsentProvider>{children}</CookieConsentProvider>
          </BrowserRouter>
        </NotificationProvider>
      </PartnerThemeProvider>
    </QueryClientProvider>
  );
}
