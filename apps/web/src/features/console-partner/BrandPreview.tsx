import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { textColourOn } from './branding-form';

export interface PreviewBrand {
  name: string;
  primary: string;
  secondary: string;
  /** The logo to draw: a data: URL of a chosen file, or the app's URL of the saved one. */
  logoUrl: string | undefined;
}

const PAGE = '#f4f6fa';
const LINE = '#c4c9d4';
const TEXT = '#1f1f1f';
const MUTED = '#4a4a4a';

/**
 * The sign-in page and the signed-in shell in miniature, drawn in the form's colours and logo before anything is
 * saved (decision 0218): a picture of the two screens, not the screens themselves, so it stays light. Each is one
 * image to assistive technology, named for what it shows.
 */
export function BrandPreview({ brand }: { brand: PreviewBrand }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ '& svg': { width: '100%', height: 'auto' } }}>
      <Figure caption="Sign-in page">
        <SignInPicture brand={brand} />
      </Figure>
      <Figure caption="Portal: toolbar and side menu">
        <ShellPicture brand={brand} />
      </Figure>
    </Stack>
  );
}

function Figure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, flex: 1, minWidth: 0 }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', lineHeight: 0 }}>
        {children}
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}

function Logo({
  brand,
  x,
  y,
  width,
  height,
}: { brand: PreviewBrand } & Record<'x' | 'y' | 'width' | 'height', number>) {
  if (!brand.logoUrl) return null;
  return <image href={brand.logoUrl} x={x} y={y} width={width} height={height} preserveAspectRatio="xMidYMid meet" />;
}

function SignInPicture({ brand }: { brand: PreviewBrand }) {
  const titleId = useId();
  const onPrimary = textColourOn(brand.primary);
  const onSecondary = textColourOn(brand.secondary);
  return (
    <svg viewBox="0 0 320 210" role="img" aria-labelledby={titleId} data-testid="preview-sign-in">
      <title id={titleId}>{`Preview of the sign-in page of ${brand.name} in the chosen colours and logo`}</title>
      <rect width="320" height="210" fill={PAGE} />
      <rect x="80" y="14" width="160" height="150" rx="6" fill="#ffffff" stroke={LINE} />
      <Logo brand={brand} x={110} y={22} width={100} height={26} />
      <text x="160" y="64" textAnchor="middle" fontSize="10" fontWeight="600" fill={TEXT}>
        Log in
      </text>
      <rect x="96" y="74" width="128" height="18" rx="3" fill="#ffffff" stroke={LINE} />
      <text x="101" y="86" fontSize="7" fill={MUTED}>
        Username
      </text>
      <rect x="96" y="98" width="128" height="18" rx="3" fill="#ffffff" stroke={brand.primary} strokeWidth="1.5" />
      <text x="101" y="110" fontSize="7" fill={brand.primary}>
        Password
      </text>
      <rect data-testid="preview-sign-in-button" x="96" y="124" width="128" height="20" rx="3" fill={brand.primary} />
      <text x="160" y="137" textAnchor="middle" fontSize="8" fontWeight="600" fill={onPrimary}>
        LOG IN
      </text>
      <text x="160" y="156" textAnchor="middle" fontSize="7" fill={brand.primary} textDecoration="underline">
        Forgot your password?
      </text>
      <rect x="0" y="174" width="320" height="37" fill="#ffffff" stroke={LINE} />
      <text x="10" y="195" fontSize="7" fill={TEXT}>
        This portal uses cookies.
      </text>
      <rect data-testid="preview-cookie-button" x="238" y="182" width="72" height="20" rx="3" fill={brand.secondary} />
      <text x="274" y="195" textAnchor="middle" fontSize="7" fontWeight="600" fill={onSecondary}>
        ACCEPT
      </text>
    </svg>
  );
}

function ShellPicture({ brand }: { brand: PreviewBrand }) {
  const titleId = useId();
  const onPrimary = textColourOn(brand.primary);
  const items = ['Home', 'Mobile', 'Broadband', 'My Bills', 'FAQ', 'Contact'];
  return (
    <svg viewBox="0 0 320 210" role="img" aria-labelledby={titleId} data-testid="preview-shell">
      <title
        id={titleId}
      >{`Preview of the portal's toolbar and side menu of ${brand.name} in the chosen colours and logo`}</title>
      <rect width="320" height="210" fill={PAGE} />
      <rect data-testid="preview-toolbar" width="320" height="34" fill={brand.primary} />
      <rect x="8" y="6" width="64" height="22" rx="3" fill="#ffffff" />
      <Logo brand={brand} x={11} y={8} width={58} height={18} />
      <text x="82" y="21" fontSize="10" fontWeight="600" fill={onPrimary}>
        Business Portal
      </text>
      <circle cx="298" cy="17" r="7" fill="none" stroke={onPrimary} strokeWidth="1.5" />
      <rect x="0" y="34" width="92" height="176" fill="#ffffff" stroke={LINE} />
      {items.map((item, index) => (
        <g key={item}>
          {index === 0 ? <rect x="4" y={42} width="84" height="18" rx="3" fill={brand.primary} opacity="0.12" /> : null}
          <text
            x="12"
            y={54 + index * 22}
            fontSize="8"
            fontWeight={index === 0 ? 600 : 400}
            fill={index === 0 ? brand.primary : TEXT}
          >
            {item}
          </text>
        </g>
      ))}
      <text x="104" y="56" fontSize="11" fontWeight="600" fill={TEXT}>
        Home
      </text>
      <rect x="104" y="66" width="204" height="70" rx="4" fill="#ffffff" stroke={LINE} />
      <text x="112" y="84" fontSize="7" fill={MUTED}>
        Spend this month
      </text>
      <rect x="112" y="92" width="120" height="8" rx="2" fill={brand.primary} />
      <rect x="112" y="106" width="80" height="8" rx="2" fill={brand.secondary} />
      <text x="112" y="128" fontSize="7" fill={brand.primary} textDecoration="underline">
        View bills
      </text>
      <rect x="236" y="150" width="72" height="20" rx="3" fill={brand.primary} />
      <text x="272" y="163" textAnchor="middle" fontSize="7" fontWeight="600" fill={onPrimary}>
        SAVE
      </text>
    </svg>
  );
}
