import { createTheme, type Theme } from '@mui/material/styles';
import { type BrandColours, DEFAULT_BRAND } from './default-brand';

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
      // Secondary text (labels, helper text, captions, tabs) at 7:1 or more on the page and on cards (WCAG's
      // enhanced contrast, which the suite checks with every axe rule; decision 0140): MUI's 60 % black is 5.7:1.
      text: { secondary: '#4a4a4a' },
      action: { active: '#4a4a4a' },
      // Errors at 7:1: white on a delete button and red text on white (MUI's #d32f2f is 5:1, #a51b1b 7.6:1); failed
      // statuses are written in error.dark.
      error: { main: '#a51b1b', dark: '#8a1717' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily },
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' } },
    },
  });
}
