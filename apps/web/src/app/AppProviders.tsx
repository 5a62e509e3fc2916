import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { routerBasename } from '../lib/base-url';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Theme, server-state cache and router, with the router rooted at the page's `<base href>`. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [basename] = useState(routerBasename);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basename}>{children}</BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
