import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CompanySso,
  type NamedRef,
  type Profile,
  profileOperations,
  SSO_MAPPING_LEVELS,
  siteOperations,
  ssoOperations,
  teamOperations,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { callOperation, failureBody, isNotFound, operationQuery } from '../../api/operations';
import { retryUnlessNotFound } from '../../components/admin/AdminFormLayout';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ConfirmationDialog } from '../../components/confirmation-dialog/ConfirmationDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { PageHeading } from '../../components/PageHeading';
import { formatDateTime } from '../../lib/format';
import { useCompanyNames } from '../../session/useSession';
import { SignInPolicyCard, signInPolicyQuery } from '../sign-in-policy/SignInPolicyCard';
import {
  formValuesOf,
  type MappingRow,
  newMappingRow,
  type SsoFormValues,
  serverFieldErrors,
  ssoSaveOf,
} from './sso-form';

/**
 * The company's security settings for its administrators (docs/decisions/0208): the connection to the company's
 * OpenID Connect identity provider, which the partner approves before anyone signs in through it.
 */
export function CompanySecurityPage() {
  const companies = useCompanyNames();
  const [chosen, setChosen] = useState<number | undefined>();
  const list = companies.data ?? [];
  const companyId = chosen ?? list[0]?.id;
  return (
    <Stack spacing={3}>
      <PageHeading title="Company Security" />
      <Typography>
        Let your users sign in with your organisation's own accounts (Microsoft Entra ID, Google Workspace, Okta or any
        OpenID Connect provider). Your partner approves the connection before anyone can use it.
      </Typography>
      {companies.isError ? (
        <LoadFailed text="We couldn't load your companies." onRetry={() => void companies.refetch()} />
      ) : companies.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : companyId === undefined ? (
        <Alert severity="info">You have no company whose sign-in you can set up.</Alert>
      ) : (
        <>
          {list.length > 1 ? (
            <TextField
              select
              label="Company"
              value={String(companyId)}
              onChange={(event) => setChosen(Number(event.target.value))}
              sx={{ maxWidth: 480 }}
            >
              {list.map((company) => (
                <MenuItem key={company.id} value={String(company.id)}>
                  {company.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <SingleSignOnCard key={companyId} company={list.find((c) => c.id === companyId) as NamedRef} />
          <SignInPolicyCard key={`policy-${companyId}`} company={list.find((c) => c.id === companyId) as NamedRef} />
        </>
      )}
    </Stack>
  );
}

const companySsoQuery = (companyId: number) => operationQuery(ssoOperations.companySso, { params: { id: companyId } });

function SingleSignOnCard({ company }: { company: NamedRef }) {
  const sso = useQuery({ ...companySsoQuery(company.id), retry: retryUnlessNotFound });
  return (
    <Card component="section" aria-labelledby="sso-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="sso-heading" variant="h6" component="h2">
              Single sign-on
            </Typography>
            {sso.data ? <StatusChip sso={sso.data} /> : null}
          </Stack>
          {sso.isPending ? (
            <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading single sign-on">
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : sso.isError ? (
            isNotFound(sso.error) ? (
              <Alert severity="info">
                Only an administrator of the whole of {company.name} can set up how its users sign in.
              </Alert>
            ) : (
              <LoadFailed text="We couldn't load the single sign-on settings." onRetry={() => void sso.refetch()} />
            )
          ) : (
            <ConnectionForm company={company} sso={sso.data} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

// In the text colour, told apart by their words: a status colour behind small white text falls short of the
// enhanced contrast every page is held to.
const STATUS_TEXT = { approved: 'Approved', awaiting_approval: "Awaiting the partner's approval" } as const;

function StatusChip({ sso }: { sso: CompanySso }) {
  const { connection } = sso;
  return <Chip size="small" variant="outlined" label={connection ? STATUS_TEXT[connection.status] : 'Not set up'} />;
}

function ConnectionForm({ company, sso }: { company: NamedRef; sso: CompanySso }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [values, setValues] = useState<SsoFormValues>(() => formValuesOf(sso));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const connection = sso.connection;
  const queryKey = companySsoQuery(company.id).queryKey;

  // A saved or removed connection comes back from the server: the form shows what is stored.
  useEffect(() => setValues(formValuesOf(sso)), [sso]);

  const save = useMutation({
    mutationFn: async (form: SsoFormValues) => {
      const checked = ssoSaveOf(form, connection !== null);
      if (!checked.ok) throw new FormErrors(checked.errors);
      return callOperation(ssoOperations.saveCompanySso, { params: { id: company.id }, body: checked.body });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      // Single sign-on only is offered while the connection is approved: the policy card reads that afresh.
      void queryClient.invalidateQueries({ queryKey: signInPolicyQuery(company.id).queryKey });
      setErrors({});
      setFailure(undefined);
      notify({
        message:
          saved.connection?.status === 'approved'
            ? 'Single sign-on saved.'
            : 'Single sign-on saved. It starts working once your partner approves it.',
        severity: 'success',
      });
    },
    onError: (error) => {
      if (error instanceof FormErrors) {
        setErrors(error.errors);
        return;
      }
      const fields = serverFieldErrors(failureBody(error));
      setErrors(fields);
      setFailure(saveFailureMessage(error));
    },
  });

  const remove = useMutation({
    mutationFn: () => callOperation(ssoOperations.removeCompanySso, { params: { id: company.id } }),
    onSuccess: () => {
      setConfirmRemove(false);
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: signInPolicyQuery(company.id).queryKey });
      notify({ message: 'Single sign-on removed. Your users log in with their passwords.', severity: 'success' });
    },
    onError: (error) => {
      setConfirmRemove(false);
      setFailure(saveFailureMessage(error));
    },
  });

  // What is typed into a field answers its message: the next Save checks it again.
  const forget = (names: (name: string) => boolean) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !names(name))));
  const set = (field: keyof Omit<SsoFormValues, 'groupMappings'>) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    forget((name) => name === field);
  };
  const busy = save.isPending || remove.isPending;
  const field = (name: string) => ({ error: errors[name] !== undefined, helperText: errors[name] });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    save.mutate(values);
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-busy={busy}>
      {connection ? (
        <Typography variant="body2">
          {connection.status === 'approved' && connection.approvedAt
            ? `Approved by your partner on ${formatDateTime(connection.approvedAt)}. Changing the issuer, the client id or the e-mail domains asks for their approval again.`
            : 'Your partner has not approved this connection yet: nobody signs in through it until they do.'}
        </Typography>
      ) : (
        <Alert severity="info">
          Single sign-on is not set up for {company.name}. Register the portal with your identity provider, then enter
          its details here.
        </Alert>
      )}
      <Box>
        <Typography variant="body2" color="text.secondary">
          Redirect URI to register with your provider
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {sso.redirectUri}
        </Typography>
      </Box>
      {failure ? (
        <Alert severity="error" role="alert" onClose={() => setFailure(undefined)}>
          {failure}
        </Alert>
      ) : null}
      <TextField
        label="Issuer URL"
        required
        value={values.issuer}
        onChange={set('issuer')}
        disabled={busy}
        placeholder="https://login.microsoftonline.com/your-tenant/v2.0"
        {...field('issuer')}
      />
      <TextField
        label="Client id"
        required
        value={values.clientId}
        onChange={set('clientId')}
        disabled={busy}
        {...field('clientId')}
      />
      <TextField
        label="Client secret"
        type="password"
        required={connection === null}
        autoComplete="new-password"
        value={values.clientSecret}
        onChange={set('clientSecret')}
        disabled={busy}
        error={errors.clientSecret !== undefined}
        helperText={
          errors.clientSecret ?? (connection ? 'A secret is stored. Leave this empty to keep it.' : undefined)
        }
      />
      <TextField
        label="E-mail domains"
        required
        value={values.emailDomains}
        onChange={set('emailDomains')}
        disabled={busy}
        placeholder="example.co.uk, example.com"
        error={errors.emailDomains !== undefined}
        helperText={errors.emailDomains ?? 'Users whose work e-mail is at these domains sign in through the provider.'}
      />
      <GroupMappings
        companyId={company.id}
        rows={values.groupMappings}
        errors={errors}
        disabled={busy}
        onChange={(groupMappings) => {
          setValues((current) => ({ ...current, groupMappings }));
          forget((name) => name.startsWith('groupMappings'));
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
        >
          Save
        </Button>
        {connection ? (
          <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmRemove(true)}>
            Remove single sign-on
          </Button>
        ) : null}
      </Stack>
      <ConfirmationDialog
        open={confirmRemove}
        message={`Remove single sign-on from ${company.name}? Its users will have to log in with their passwords.`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmRemove(false)}
      />
    </Stack>
  );
}

/** A save the form's own checks refused, with each field's message. */
class FormErrors extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('The form has errors');
  }
}

const groupQuery = (operation: typeof siteOperations.list | typeof teamOperations.list, companyId: number) =>
  operationQuery(operation, {
    query: { $select: 'id,name', $filter: `companyId eq ${companyId}`, $orderby: 'name', $top: '100' },
  });

/** The groups-to-profile rows of just-in-time provisioning: the first row whose group the user is in decides. */
function GroupMappings({
  companyId,
  rows,
  errors,
  disabled,
  onChange,
}: {
  companyId: number;
  rows: MappingRow[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (rows: MappingRow[]) => void;
}) {
  const profiles = useQuery(operationQuery(profileOperations.list, {}));
  const sites = useQuery(groupQuery(siteOperations.list, companyId));
  const teams = useQuery(groupQuery(teamOperations.list, companyId));
  const mappable = (profiles.data?.value ?? []).filter((profile) =>
    (SSO_MAPPING_LEVELS as readonly string[]).includes(profile.level),
  );
  const update = (index: number, change: Partial<MappingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const failed = profiles.isError || sites.isError || teams.isError;

  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Groups and what they give
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A user's first sign-in makes their portal account from the first row whose group they are in (the provider's
        groups claim); later sign-ins bring it up to date. Without a matching row, only existing users can sign in.
      </Typography>
      {failed ? (
        <LoadFailed
          text="We couldn't load the profiles, sites and teams."
          onRetry={() => {
            void profiles.refetch();
            void sites.refetch();
            void teams.refetch();
          }}
        />
      ) : null}
      {rows.length === 0 ? (
        <Typography variant="body2">No groups mapped yet.</Typography>
      ) : (
        rows.map((row, index) => {
          const profile = mappable.find((candidate) => String(candidate.id) === row.profileId);
          const error = (name: string) => errors[`groupMappings.${index}.${name}`];
          return (
            <Stack
              key={row.key}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              useFlexGap
              sx={{ alignItems: { md: 'flex-start' } }}
              aria-label={`Group mapping ${index + 1}`}
              role="group"
            >
              <TextField
                label="Group"
                required
                value={row.group}
                disabled={disabled}
                onChange={(event) => update(index, { group: event.target.value })}
                error={error('group') !== undefined}
                helperText={error('group')}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label="Profile"
                required
                value={mappable.some((p) => String(p.id) === row.profileId) ? row.profileId : ''}
                disabled={disabled || profiles.isPending}
                onChange={(event) => update(index, { profileId: event.target.value, siteIds: [], teamIds: [] })}
                error={error('profileId') !== undefined}
                helperText={error('profileId')}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {mappable.map((candidate: Profile) => (
                  <MenuItem key={candidate.id} value={String(candidate.id)}>
                    {candidate.name}
                  </MenuItem>
                ))}
              </TextField>
              {profile?.level === 'Site' || profile?.level === 'Team' ? (
                <GroupPicker
                  label={profile.level === 'Site' ? 'Sites' : 'Teams'}
                  options={(profile.level === 'Site' ? sites.data?.value : teams.data?.value) ?? []}
                  value={profile.level === 'Site' ? row.siteIds : row.teamIds}
                  disabled={disabled}
                  error={error(profile.level === 'Site' ? 'siteIds' : 'teamIds')}
                  onChange={(ids) => update(index, profile.level === 'Site' ? { siteIds: ids } : { teamIds: ids })}
                />
              ) : (
                <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
              )}
              <IconButton
                aria-label={`Remove group mapping ${index + 1}`}
                disabled={disabled}
                onClick={() => onChange(rows.filter((_row, at) => at !== index))}
                sx={{ alignSelf: { xs: 'flex-end', md: 'center' } }}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
          );
        })
      )}
      <Box>
        <Button startIcon={<Add />} disabled={disabled} onClick={() => onChange([...rows, newMappingRow()])}>
          Add group
        </Button>
      </Box>
    </Stack>
  );
}

function GroupPicker({
  label,
  options,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ id?: number | undefined; name?: string | undefined }>;
  value: number[];
  disabled: boolean;
  error: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const names = new Map(options.map((option) => [option.id, option.name]));
  return (
    <TextField
      select
      label={label}
      required
      value={value.map(String)}
      disabled={disabled}
      onChange={(event) => {
        const chosen = event.target.value as unknown as string[];
        onChange(chosen.map(Number));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) => (ids as string[]).map((id) => names.get(Number(id))).join(', '),
        },
      }}
      error={error !== undefined}
      helperText={error}
      sx={{ flex: 1, minWidth: 0 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
