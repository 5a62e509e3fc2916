import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/PageHeading';
import { useCurrentUser } from '../session/useSession';

/** The home route (''). The dashboard's tiles, charts and bills arrive with the Bills issue. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Stack spacing={2}>
      <PageHeading title="Home" />
      <Typography variant="body1" color="text.secondary" sx={{ maxWidth: '60ch' }}>
        {user ? `Welcome, ${user.userName}. ` : ''}View your bills, usage and orders, and manage your mobile and
        broadband estate from the menu.
      </Typography>
    </Stack>
  );
}
