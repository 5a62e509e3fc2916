import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { userOperations } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callOperation } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { useNotify } from '../../components/notifications/NotificationProvider';

type Action = 'signOut' | 'resetTwoStep';

const ACTIONS: Record<Action, { button: string; confirm: (userName: string) => string; done: string }> = {
  signOut: {
    button: 'Sign out everywhere',
    confirm: (userName) => `${userName} will be signed out on every device at once. They can sign in again.`,
    done: 'Signed out everywhere.',
  },
  resetTwoStep: {
    button: 'Reset two-step verification',
    confirm: (userName) =>
      `${userName}'s authenticator app, passkeys and recovery codes will be removed, and they will be signed out everywhere. Do this only once you are sure who is asking.`,
    done: 'Two-step verification reset. They can sign in with their password and set it up again.',
  },
};

/**
 * An administrator's help with another user's sign-in (decision 0212): end every session of someone who left a
 * device signed in, and reset the second factors of someone who lost their phone and recovery codes.
 */
export function UserSignInCard({ user }: { user: { id: number; userName: string } }) {
  const notify = useNotify();
  const [asked, setAsked] = useState<Action | undefined>();
  const action = useMutation({
    mutationFn: (chosen: Action) => callOperation(userOperations[chosen], { params: { id: user.id } }),
    onSuccess: (_, chosen) => notify({ message: ACTIONS[chosen].done, severity: 'success' }),
    onError: (error) => notify({ message: saveFailureMessage(error), severity: 'error' }),
    onSettled: () => setAsked(undefined),
  });
  return (
    <Card component="section" aria-labelledby="user-sign-in-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="user-sign-in-heading" variant="h6" component="h2">
            Sign-in
          </Typography>
          <Typography variant="body2" color="text.secondary">
            For a device left signed in, or a lost phone: these take effect at once and are recorded in the audit log.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            {(Object.keys(ACTIONS) as Action[]).map((key) => (
              <Button key={key} variant="outlined" color="error" onClick={() => setAsked(key)}>
                {ACTIONS[key].button}
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmationDialog
        open={asked !== undefined}
        message={asked ? ACTIONS[asked].confirm(user.userName) : ''}
        busy={action.isPending}
        onConfirm={() => asked && action.mutate(asked)}
        onCancel={() => setAsked(undefined)}
      />
    </Card>
  );
}
