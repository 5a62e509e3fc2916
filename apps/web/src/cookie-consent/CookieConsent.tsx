import { TIMINGS } from '@portal/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useHydrated } from '../lib/useHydrated';
import { usePartner } from '../partner/usePartner';
import { acceptCookiePolicy, isCookiePolicyAccepted, subscribeToCookiePolicy } from './cookie-consent-store';
import './cookie-notice.css';

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

/** A page pre-rendered at build time cannot know this browser's answer: it shows the notice, as to a first visit. */
const notAcceptedYet = () => false;

/** Holds the consent state and shows the notice at the top of every page until it is accepted. */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const accepted = useSyncExternalStore(subscribeToCookiePolicy, () => isCookiePolicyAccepted(), notAcceptedYet);
  const [highlighted, setHighlighted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const highlight = useCallback(() => {
    clearTimeout(timer.current);
    setHighlighted(true);
    timer.current = setTimeout(() => setHighlighted(false), TIMINGS.cookieDismissHighlightMs);
  }, []);
  const value = useMemo(() => ({ accepted, accept: acceptCookiePolicy, highlight }), [accepted, highlight]);

  return (
    <CookieConsentContext.Provider value={value}>
      {accepted ? null : <CookieNotice highlighted={highlighted} onAccept={acceptCookiePolicy} />}
      {children}
    </CookieConsentContext.Provider>
  );
}

/**
 * The notice of spec 2.3, plain (no MUI) as the first screen is. "Learn more" keeps its room until the partner's
 * privacy policy is known, so the branding's arrival does not re-wrap the notice and move the page under it.
 */
function CookieNotice({ highlighted, onAccept }: { highlighted: boolean; onAccept: () => void }) {
  const { data: partner } = usePartner();
  const hydrated = useHydrated();
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p className="cookie-notice__text">
        {COOKIE_NOTICE_TEXT}{' '}
        {hydrated && partner ? (
          // biome-ignore lint/a11y/noAmbiguousAnchorText: spec 2.3's words, right after the sentence they explain.
          <a href={partner.privacyPolicyUrl} target="_blank" rel="noopener">
            Learn more
          </a>
        ) : (
          <span className="cookie-notice__pending-link">Learn more</span>
        )}
      </p>
      <button
        type="button"
        className={`plain-button plain-button--contained plain-button--small plain-button--${highlighted ? 'warning' : 'secondary'}`}
        onClick={onAccept}
        data-highlighted={highlighted || undefined}
      >
        Accept
      </button>
    </section>
  );
}
