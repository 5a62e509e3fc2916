import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isNotFound } from '../../api/operations';
import { ownSubmitOnly } from '../form/own-submit';
import { SaveButton } from '../form/SaveButton';
import { LoadFailed } from '../LoadFailed';
import { useNotify } from '../notifications/NotificationProvider';
import { PageHeading } from '../PageHeading';
import { PageLoader } from '../PageLoader';
import { ADMIN_AREAS, type AdminArea, type FormMode, saveFailureMessage } from './admin-rules';

/** A record that is not there stays not there: asking again would only repeat the 404. */
export const retryUnlessNotFound = (failures: number, error: unknown) => !isNotFound(error) && failures < 1;

/**
 * A save of an admin form (spec 2.11, 8): 'Save successful.' and back to the list; a failure shows the server's
 * reason for a refusal or the spec's failure message, and Save stays disabled until the message is dismissed.
 */
export function useAdminSave(area: AdminArea) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const save = async (send: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await send();
    } catch (error) {
      console.error(error);
      setFailure(saveFailureMessage(error));
      setSaving(false);
      return;
    }
    notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
    void navigate(ADMIN_AREAS[area].listPath);
  };
  return { saving, failure, dismissFailure: () => setFailure(undefined), save };
}

/** What the frame says of a form's records: what one is called, the list it returns to, and its own title if any. */
export interface FormFrame {
  noun: string;
  listPath: string;
  listTitle: string;
  /** The heading (default: the mode and the noun, 'Add Site'). */
  title?: string;
}

/** The record a form edits: loading, not there (or not the caller's: 404), failed, or loaded. */
export interface FormRecord {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The frame of the site and team forms: the heading (Add, Edit or View and the noun), the record's load states, the
 * fields in a card, and Cancel (Back in View) and Save buttons (Save only when the form can be saved).
 */
export function AdminFormLayout({
  area,
  mode,
  record,
  onSubmit,
  saving,
  failure,
  onDismissFailure,
  children,
}: {
  /** An admin area, or the frame of a form outside them (the reseller console's): its noun, list and title. */
  area: AdminArea | FormFrame;
  mode: FormMode;
  /** The loaded record of an Edit or View; undefined for an Add. */
  record?: FormRecord | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  failure: string | undefined;
  onDismissFailure: () => void;
  children: ReactNode;
}) {
  const frame: FormFrame = typeof area === 'string' ? ADMIN_AREAS[area] : area;
  const { noun, listPath, listTitle } = frame;
  const title = frame.title ?? `${mode} ${noun}`;
  const body = () => {
    if (record?.isPending) return <PageLoader />;
    if (record?.error) {
      return isNotFound(record.error) ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{`Unable to find this ${noun.toLowerCase()}.`}</Typography>
          <Button component={RouterLink} to={listPath} startIcon={<ArrowBack />}>
            Return to {listTitle}
          </Button>
        </Stack>
      ) : (
        <LoadFailed text={`We couldn't load this ${noun.toLowerCase()}`} onRetry={() => void record.refetch()} />
      );
    }
    return (
      <Paper
        component="form"
        noValidate
        onSubmit={ownSubmitOnly(onSubmit)}
        aria-label={title}
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={3}>
          {children}
          {failure ? (
            <Alert severity="error" onClose={onDismissFailure}>
              {failure}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={listPath} disabled={saving}>
              {mode === 'View' ? 'Back' : 'Cancel'}
            </Button>
            {mode === 'View' ? null : <SaveButton saving={saving} disabled={failure !== undefined} />}
          </Stack>
        </Stack>
      </Paper>
    );
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <PageHeading title={title} />
      {body()}
    </Stack>
  );
}
