import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { PartnerLogo } from '../../partner/PartnerLogo';

/** The signed-out pages: the partner's logo above a narrow column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Container component="main" maxWidth="xs" sx={{ py: { xs: 4, sm: 8 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3, minHeight: 48 }}>
        <PartnerLogo height={48} />
      </Box>
      {children}
    </Container>
  );
}
