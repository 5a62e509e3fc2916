import { useEffect } from 'react';
import { brandProperties } from './brand-colours';
import { usePartner } from './usePartner';

/**
 * Puts the partner's colours on the page's root as the custom properties the plain first screen is drawn with.
 * Outside React's markup, so a pre-rendered page hydrates the same whatever the partner; a colour changes nothing's
 * size, so its arrival shifts nothing.
 */
export function PartnerColours() {
  const { data: partner } = usePartner();
  const primary = partner?.primaryColour;
  const secondary = partner?.secondaryColour;
  useEffect(() => {
    if (primary === undefined || secondary === undefined) return;
    const root = document.documentElement;
    for (const [name, value] of Object.entries(brandProperties(primary, secondary)))
      root.style.setProperty(name, value);
  }, [primary, secondary]);
  return null;
}
