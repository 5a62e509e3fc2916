import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { latestInvoiceAmountQuery, unbilledCallsQuery } from '../bills/invoice-queries';
import { amountText, countedNoun, countText } from './count-text';
import { broadbandContractCountQuery, mobileDeviceCountQuery } from './estate-count-queries';

/** A count tile: a small title, the figure(s) and an optional footer; the same height as its row's neighbours. */
function CountTile({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography id={titleId} component="h2" variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {title}
        </Typography>
        <Stack spacing={0.5} sx={{ flexGrow: 1, fontVariantNumeric: 'tabular-nums' }}>
          {children}
        </Stack>
        {footer}
      </CardContent>
    </Card>
  );
}

function Figure({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" variant="h4" sx={{ fontWeight: 600, fontSize: { xs: '1.75rem', md: '2rem' } }}>
      {children}
    </Typography>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2">
      {children}
    </Link>
  );
}

export function UnbilledCallsTile() {
  const { data } = useQuery(unbilledCallsQuery);
  return (
    <CountTile
      title="Unbilled Calls"
      footer={
        <Typography variant="body2" color="text.secondary">
          Calls made since your last bill
        </Typography>
      }
    >
      <Figure>{countText(data)}</Figure>
    </CountTile>
  );
}

export function LatestBillTile() {
  const { data } = useQuery(latestInvoiceAmountQuery);
  return (
    <CountTile title="Latest Bill" footer={<FooterLink to="/my-bills">View My Bills</FooterLink>}>
      <Figure>{amountText(data)}</Figure>
    </CountTile>
  );
}

/** The estate tile: the device count (MobileUserEstate Read) and the contract count (BroadbandUserEstate Read). */
export function EstateTile({ mobile, broadband }: { mobile: boolean; broadband: boolean }) {
  return (
    <CountTile title="Your Estate">
      {mobile ? <DeviceCount /> : null}
      {broadband ? <BroadbandContractCount /> : null}
    </CountTile>
  );
}

function EstateLine({ to, children }: { to: string; children: string }) {
  return (
    <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
      <Link component={RouterLink} to={to} underline="hover">
        {children}
      </Link>
    </Typography>
  );
}

function DeviceCount() {
  const { data } = useQuery(mobileDeviceCountQuery);
  return <EstateLine to="/mobile/estate">{countedNoun(data, 'Device')}</EstateLine>;
}

function BroadbandContractCount() {
  const { data } = useQuery(broadbandContractCountQuery);
  return <EstateLine to="/broadband/estate">{countedNoun(data, 'Broadband Contract')}</EstateLine>;
}
