import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Functionality,
  NOTIFICATION_MESSAGES,
  type Permission,
  type Profile,
  profileAssignmentRequiredMessage,
  USER_ASSIGNMENT_ITEM,
  type User,
  type UserAssignmentList,
  userOperations,
  VALIDATION_MESSAGES,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { callOperation, refusedField } from '../../api/operations';
import { saveFailureMessage } from '../../components/admin/admin-rules';
import { ownSubmitOnly } from '../../components/form/own-submit';
import { useNotify } from '../../components/notifications/NotificationProvider';
import { AssignmentTab } from './AssignmentTab';
import { FunctionalityTab } from './FunctionalityTab';
import { type FormMode, TAB_LABELS, type UserFormTab, visibleTabs } from './form-rules';
import { featureRows, offerableIds, profileDefault } from './functionality-rules';
import { UserDetailsFields } from './UserDetailsFields';
import { profileDefaultQuery } from './user-form-queries';
import { initialValues, saveBody, UserFormSchema, type UserFormValues } from './user-form-values';
import { useUserNameCheck } from './useUserNameCheck';

const USERS_LIST = '/users/view';
const DETAIL_FIELDS = ['userName', 'emailAddress', 'profileId'] as const;
type TabErrors = Partial<Record<UserFormTab, string>>;

/** The user form itself, once its lookups are in (UserFormPage loads them). */
export function UserForm({
  mode,
  user,
  profiles,
  catalogue,
  held,
  severalCompanies,
}: {
  mode: FormMode;
  user: User | undefined;
  /** The profiles the select offers (spec 2.11: shown only when more than one). */
  profiles: readonly Profile[];
  catalogue: readonly Functionality[];
  held: readonly Permission[];
  severalCompanies: boolean;
}) {
  const readOnly = mode === 'View';
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onlyProfile = profiles.length === 1 ? (profiles[0]?.id ?? null) : null;
  const form = useForm<UserFormValues>({
    resolver: zodResolver(UserFormSchema),
    defaultValues: initialValues(user, onlyProfile),
  });
  const { control, setValue, setError, handleSubmit } = form;
  const values = useWatch({ control }) as UserFormValues;

  const rows = useMemo(() => featureRows(catalogue), [catalogue]);
  const offerable = useMemo(
    () => offerableIds(catalogue, held, user?.functionalityIds),
    [catalogue, held, user?.functionalityIds],
  );
  const profile = profiles.find((entry) => entry.id === values.profileId);
  const tabs = visibleTabs(profile);
  const [tab, setTab] = useState<UserFormTab>('functionality');
  const shownTab = tabs.includes(tab) ? tab : 'functionality';
  const [tabErrors, setTabErrors] = useState<TabErrors>({});
  // Save stays off while a failure's message shows (spec 8: re-enabled after dismissal).
  const [blocked, setBlocked] = useState(false);
  const nameCheck = useUserNameCheck(values.userName ?? '', user?.id, !readOnly);

  // Only the latest profile's default counts: choosing another one while the first loads drops the first.
  const defaultRequest = useRef(0);
  const [loadingDefault, setLoadingDefault] = useState(false);
  const applyProfileDefault = async (profileId: number) => {
    const request = ++defaultRequest.current;
    setLoadingDefault(true);
    try {
      const defaults = await queryClient.fetchQuery(profileDefaultQuery(profileId));
      if (request !== defaultRequest.current) return;
      const ids = profileDefault(
        defaults.value.map((entry) => entry.id),
        rows,
        offerable,
      );
      setValue('functionalityIds', [...ids], { shouldDirty: true });
    } catch {
      if (request === defaultRequest.current) {
        notify({ message: NOTIFICATION_MESSAGES.unexpectedError, severity: 'error' });
      }
    } finally {
      if (request === defaultRequest.current) setLoadingDefault(false);
    }
  };

  /** Spec 4: another profile resets every selection, and the functionality to its default. */
  const changeProfile = (profileId: number) => {
    setValue('profileId', profileId, { shouldDirty: true, shouldValidate: true });
    for (const list of Object.keys(USER_ASSIGNMENT_ITEM) as UserAssignmentList[]) {
      setValue(list, [], { shouldDirty: true });
    }
    setTabErrors({});
    // Its default functionality is what changed first; its own lists come as tabs beside it.
    setTab('functionality');
    void applyProfileDefault(profileId);
  };

  const setList = (list: UserAssignmentList, next: UserFormValues[UserAssignmentList]) => {
    setValue(list, next, { shouldDirty: true });
    setTabErrors((errors) => ({ ...errors, [list]: undefined }));
  };

  const fail = (message: string) => {
    setBlocked(true);
    notify({ message, severity: 'error', onDismiss: () => setBlocked(false) });
  };

  const onSubmit = handleSubmit(async (submitted) => {
    if (nameCheck === 'taken') {
      setError('userName', { type: 'unique', message: VALIDATION_MESSAGES.userNameTaken }, { shouldFocus: true });
      return;
    }
    const lists = tabs.filter((entry): entry is UserAssignmentList => entry !== 'functionality');
    const first = lists[0];
    if (profile && first && lists.every((list) => submitted[list].length === 0)) {
      const message = profileAssignmentRequiredMessage(profile.name, USER_ASSIGNMENT_ITEM[first]);
      setTabErrors({ [first]: message });
      setTab(first);
      return;
    }
    try {
      const body = saveBody(submitted, user?.id, lists);
      if (user) await callOperation(userOperations.update, { params: { id: user.id }, body });
      else await callOperation(userOperations.create, { body });
      notify({ message: NOTIFICATION_MESSAGES.saveSuccessful, severity: 'success' });
      navigate(USERS_LIST);
    } catch (error) {
      const message = saveFailureMessage(error);
      fail(message);
      const field = refusedField(error);
      const detail = DETAIL_FIELDS.find((name) => name === field);
      if (detail) setError(detail, { type: 'server', message }, { shouldFocus: true });
      else if (field === 'functionalityIds' || (field && tabs.includes(field as UserFormTab))) {
        const blamedTab = field === 'functionalityIds' ? 'functionality' : (field as UserFormTab);
        setTabErrors({ [blamedTab]: message });
        setTab(blamedTab);
      }
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Card
      component="form"
      noValidate
      onSubmit={ownSubmitOnly(onSubmit)}
      aria-busy={submitting}
      aria-label={`${mode} user`}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <UserDetailsFields
            form={form}
            readOnly={readOnly}
            profiles={profiles}
            showProfile={profiles.length > 1 || readOnly}
            nameCheck={nameCheck}
            onProfileChange={changeProfile}
          />
          <div>
            <Tabs
              value={shownTab}
              onChange={(_event, next: UserFormTab) => setTab(next)}
              // On a phone the (at most three) tabs share the width, their labels wrapping, rather than scroll.
              variant={phone ? 'fullWidth' : 'standard'}
              aria-label="User details"
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              {tabs.map((entry) => (
                <Tab
                  key={entry}
                  value={entry}
                  label={TAB_LABELS[entry]}
                  id={`user-tab-${entry}`}
                  aria-controls={`user-tabpanel-${entry}`}
                />
              ))}
            </Tabs>
            <div role="tabpanel" id={`user-tabpanel-${shownTab}`} aria-labelledby={`user-tab-${shownTab}`}>
              {shownTab === 'functionality' ? (
                <FunctionalityTab
                  rows={rows}
                  selectedIds={values.functionalityIds ?? []}
                  offerable={offerable}
                  onChange={(ids) => {
                    setValue('functionalityIds', ids, { shouldDirty: true });
                    setTabErrors((errors) => ({ ...errors, functionality: undefined }));
                  }}
                  onReset={() => {
                    if (values.profileId !== null) void applyProfileDefault(values.profileId);
                  }}
                  readOnly={readOnly}
                  canReset={values.profileId !== null && !loadingDefault}
                  error={tabErrors.functionality}
                />
              ) : (
                <AssignmentTab
                  key={shownTab}
                  list={shownTab}
                  selected={values[shownTab] ?? []}
                  onChange={(next) => setList(shownTab, next)}
                  readOnly={readOnly}
                  held={held}
                  severalCompanies={severalCompanies}
                  error={tabErrors[shownTab]}
                />
              )}
            </div>
          </div>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            {readOnly ? (
              <Button variant="contained" onClick={() => navigate(USERS_LIST)}>
                Back
              </Button>
            ) : (
              <>
                <Button onClick={() => navigate(USERS_LIST)} disabled={submitting}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={submitting || blocked || loadingDefault}
                  startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : null}
                >
                  Save
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
