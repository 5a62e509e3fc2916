import { createTheme, type Theme } from '@mui/material/styles';

// System fonts: the CSP allows fonts only from the portal itself, and none are bundled.
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

export interface BrandColours {
  primary: string;
  secondary: string;
}

/** Until the partner's branding arrives (and if it cannot be loaded). */
export const DEFAULT_BRAND: BrandColours = { primary: '#0b3d91', secondary: '#00857c' };

/**
 * The portal theme in the partner's colours. Material UI ships no en-GB component locale (its English strings are
 * the en-US ones, which read the same in British English); dates, numbers and money are formatted for en-GB by
 * `src/lib/format.ts`.
 */
export function createPortalTheme(brand: BrandColours = DEFAULT_BRAND): Theme {
  return createTheme({
    palette: {
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      background: { default: '#f4f6fa' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily },
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' } },
    },
  });
}
