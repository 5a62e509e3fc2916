import { useState } from 'react';
import { resolveAppUrl } from '../lib/base-url';
import { useHydrated } from '../lib/useHydrated';
import { usePartner } from './usePartner';

/**
 * The partner's logo; hidden if it fails to load (spec section 1). Not there while React takes over a pre-rendered
 * page, which the build rendered before any branding.
 */
export function PartnerLogo({ height }: { height: number }) {
  const { data: partner } = usePartner();
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  const hydrated = useHydrated();
  if (!hydrated || !partner || failedUrl === partner.logoUrl) return null;
  return (
    <img
      src={resolveAppUrl(partner.logoUrl).href}
      alt={partner.name}
      onError={() => setFailedUrl(partner.logoUrl)}
      style={{ height, width: 'auto', display: 'block' }}
    />
  );
}
