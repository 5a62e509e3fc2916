import Box from '@mui/material/Box';
import { useState } from 'react';
import { resolveAppUrl } from '../lib/base-url';
import { usePartner } from './usePartner';

/** The partner's logo; hidden if it fails to load (spec section 1). */
export function PartnerLogo({ height }: { height: number }) {
  const { data: partner } = usePartner();
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  if (!partner || failedUrl === partner.logoUrl) return null;
  return (
    <Box
      component="img"
      src={resolveAppUrl(partner.logoUrl).href}
      alt={partner.name}
      onError={() => setFailedUrl(partner.logoUrl)}
      sx={{ height, width: 'auto', display: 'block' }}
    />
  );
}
