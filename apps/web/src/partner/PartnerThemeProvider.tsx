import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo, useRef } from 'react';
import { DEFAULT_BRAND } from './default-brand';
import { createPortalTheme } from './theme';
import { type Partner, usePartner } from './usePartner';

/** Applies the partner's colours; keeps the last known branding while the cache is cleared at sign-in or sign-out. */
export function PartnerThemeProvider({ children }: { children: ReactNode }) {
  const { data } = usePartner();
  const lastPartner = useRef<Partner | undefined>(data);
  if (data) lastPartner.current = data;
  const partner = lastPartner.current;
  const primary = partner?.primaryColour ?? DEFAULT_BRAND.primary;
  const secondary = partner?.secondaryColour ?? DEFAULT_BRAND.secondary;
  const theme = useMemo(() => createPortalTheme({ primary, secondary }), [primary, secondary]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
