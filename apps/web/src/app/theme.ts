import { createTheme } from '@mui/material/styles';

// System fonts: the CSP allows fonts only from the portal itself, and none are bundled yet.
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
 * The portal theme. Material UI ships no en-GB component locale (its English strings are the en-US ones, which
 * read the same in British English); dates, numbers and money are formatted for en-GB by `src/lib/format.ts`.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d91' },
    secondary: { main: '#00857c' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily },
  components: {
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
});
