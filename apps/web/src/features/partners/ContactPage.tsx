import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PartnerContact } from '@portal/contract';
import { PageHeading } from '../../components/PageHeading';
import { usePartner } from '../../partner/usePartner';
import { addressLines } from './address-lines';

/** A contact value as a link where the type says how to reach it. */
function ContactValue({ contact }: { contact: PartnerContact }) {
  const type = contact.type.toLowerCase();
  if (type.includes('mail') && contact.value.includes('@')) {
    return <Link href={`mailto:${contact.value}`}>{contact.value}</Link>;
  }
  if (/^\+?[0-9 ()-]+$/.test(contact.value) && contact.value.replace(/[^0-9]/g, '').length >= 9) {
    return <Link href={`tel:${contact.value.replace(/[^+0-9]/g, '')}`}>{contact.value}</Link>;
  }
  if (/^https?:\/\//.test(contact.value)) {
    return (
      <Link href={contact.value} target="_blank" rel="noopener">
        {contact.value}
      </Link>
    );
  }
  return <>{contact.value}</>;
}

/** Contact (spec 2.17): the partner's name, contacts by type and value, and address. */
export function ContactPage() {
  const { data: partner } = usePartner();
  return (
    <Stack spacing={3}>
      <PageHeading title="Contact" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-labelledby="contact-partner">
            <CardContent>
              <Typography id="contact-partner" variant="h6" component="h2" gutterBottom>
                {partner?.name ?? <Skeleton width={200} />}
              </Typography>
              <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
                {(partner?.partnerContacts ?? []).map((contact) => (
                  <div key={`${contact.type}-${contact.value}`}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {contact.type}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      <ContactValue contact={contact} />
                    </Typography>
                  </div>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-labelledby="contact-address">
            <CardContent>
              <Typography id="contact-address" variant="h6" component="h2" gutterBottom>
                Address
              </Typography>
              <Typography component="address" sx={{ fontStyle: 'normal' }}>
                {partner
                  ? addressLines(partner).map((line) => (
                      <span key={line}>
                        {line}
                        <br />
                      </span>
                    ))
                  : [0, 1, 2].map((row) => <Skeleton key={row} width={180} />)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
