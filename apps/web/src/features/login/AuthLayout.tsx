import type { ReactNode } from 'react';
import { PartnerLogo } from '../../partner/PartnerLogo';
import './auth-layout.css';

/** The signed-out pages: the partner's logo above a narrow column (MUI's xs Container, drawn plain). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-layout">
      {/* The logo's height is kept before it arrives, so the card does not move when it does. */}
      <div className="auth-layout__logo">
        <PartnerLogo height={48} />
      </div>
      {children}
    </main>
  );
}
