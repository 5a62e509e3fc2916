import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TIMINGS } from '@portal/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { usePartner } from '../partner/usePartner';
import { isCookiePolicyAccepted, rememberCookiePolicyAccepted } from './cookie-consent-store';

export const COOKIE_NOTICE_TEXT = 'This website uses cookies to ensure you get the best experience on our website.';

interface CookieConsent {
  accepted: boolean;
  accept(): void;
  /** Draws the eye to the Accept button for a second (spec 8, cookies_policy login error). */
  highlight(): void;
}

const CookieConsentContext = createContext<CookieConsent | undefined>(undefined);

export function useCookieConsent(): CookieConsent {
  const consent = useContext(CookieConsentContext);
  if (!consent) throw new Error('useCookieConsent needs a CookieConsentProvider above it');
  return consent;
}

/** Holds the consent state and shows the notice at the top of every page until it is accepted. */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [accepted, setAccepted] = useState(isCookiePolicyAccepted);
  const [highlighted, setHighlighted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const accept = useCallback(() => {
    rememberCookiePolicyAccepted();
    setAccepted(true);
  }, []);
  const highlight = useCallback(() => {
    clearTimeout(timer.current);
    setHighlighted(true);
    timer.current = setTimeout(() => setHighlighted(false), TIMINGS.cookieDismissHighlightMs);
  }, []);
  const value = useMemo(() => ({ accepted, accept, highlight }), [accepted, accept, highlight]);

  return (
    <CookieConsentContext.Provider value={value}>
      {accepted ? null : <CookieNotice highlighted={highlighted} onAccept={accept} />}
      {children}
    </CookieConsentContext.Provider>
  );
}

function CookieNotice({ highlighted, onAccept }: { highlighted: boolean; onAccept: () => void }) {
  const { data: partner } = usePartner();
  return (
    <Paper
      component="section"
      aria-label="Cookie notice"
      square
      elevation={0}
      sx={{ bgcolor: 'grey.900', color: 'common.white', px: 2, py: 1.25 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          columnGap: 2,
          rowGap: 1,
        }}
      >
        <Typography variant="body2">
          {COOKIE_NOTICE_TEXT}{' '}
          {partner ? (
            <Link href={partner.privacyPolicyUrl} target="_blank" rel="noopener" color="inherit">
              Learn more
            </Link>
          ) : null}
        </Typography>
        <Button
          variant="contained"
          size="small"
          color={highlighted ? 'warning' : 'secondary'}
          onClick={onAccept}
          data-highlighted={highlighted || undefined}
          sx={highlighted ? { outline: '3px solid', outlineColor: 'warning.light', outlineOffset: 2 } : undefined}
        >
          Accept
        </Button>
      </Box>
    </Paper>
  );
}
