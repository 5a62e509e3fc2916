import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { isNotFound } from '../../api/operations';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { PageLoader } from '../../components/PageLoader';
import { useCan } from '../../session/useCan';
import { useHasSeveralCompanies } from '../../session/useHasSeveralCompanies';
import { useCurrentUser, usePermissions } from '../../session/useSession';
import { formMode, offerableProfiles } from './form-rules';
import { UserForm } from './UserForm';
import { UserSignInCard } from './UserSignInCard';
import { catalogueQuery, profilesQuery, userQuery } from './user-form-queries';

/** The route's user id: undefined on users/add, NaN for a path that names no valid id. */
function useUserId(): number | undefined {
  const { userId } = useParams();
  if (userId === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(userId) ? Number(userId) : Number.NaN;
}

/**
 * The user form (spec 2.11, users/add and users/edit/{userId}): titled Add, Edit or View by the caller's ManageUser
 * Write, the id and whether it is their own record (spec 5). It loads the user, the profiles and the functionality
 * catalogue, then draws {@link UserForm}.
 */
export function UserFormPage() {
  const userId = useUserId();
  const canWrite = useCan('ManageUser', 'Write');
  const held = usePermissions();
  const me = useCurrentUser();
  const severalCompanies = useHasSeveralCompanies();
  const invalidId = userId !== undefined && Number.isNaN(userId);
  const user = useQuery({
    ...userQuery(userId ?? 0),
    enabled: userId !== undefined && !invalidId,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    // The username check posts to the users area, which reloads this query: UserForm keeps its first values.
  });
  const profiles = useQuery(profilesQuery);
  const catalogue = useQuery(catalogueQuery);

  if (invalidId || isNotFound(user.error)) return <UserNotFound />;
  const failed = [user, profiles, catalogue].find((query) => query.isError);
  const loading =
    (userId !== undefined && user.isPending) || profiles.isPending || catalogue.isPending || held === undefined;
  if (failed) {
    return (
      <Stack spacing={3}>
        <PageHeading title="User" />
        <LoadFailed text="We couldn't load this user form" onRetry={() => void failed.refetch()} />
      </Stack>
    );
  }
  if (loading || !profiles.data || !catalogue.data || held === undefined) {
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" aria-busy="true" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          <Skeleton width="30%" aria-label="Loading the user" />
        </Typography>
        <PageLoader />
      </Stack>
    );
  }

  const ownRecord = user.data !== undefined && user.data.userName.toLowerCase() === me?.userName.toLowerCase();
  const mode = formMode({ canWrite: canWrite === true, userId, ownRecord });
  // The user's own profile stays in the select even when it is not one to offer (the server judges the save).
  const offered =
    mode === 'View'
      ? profiles.data
      : profiles.data.filter(
          (profile) =>
            profile.id === user.data?.profileId ||
            offerableProfiles(profiles.data, me?.profile).some((offer) => offer.id === profile.id),
        );
  return (
    <Stack spacing={3}>
      <PageHeading title={`${mode} User`} />
      {ownRecord ? <Alert severity="info">This is your own user: you cannot change it here.</Alert> : null}
      <UserForm
        key={user.data?.id ?? 'new'}
        mode={mode}
        user={user.data}
        profiles={offered}
        catalogue={catalogue.data}
        held={held}
        severalCompanies={severalCompanies}
      />
      {mode === 'Edit' && user.data ? <UserSignInCard user={user.data} /> : null}
    </Stack>
  );
}

function UserNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title="User not found" />
      <Typography>This user does not exist, or is not one of the users you may see.</Typography>
      <Button component={RouterLink} to="/users/view" variant="outlined">
        Back to Manage Users
      </Button>
    </Stack>
  );
}
