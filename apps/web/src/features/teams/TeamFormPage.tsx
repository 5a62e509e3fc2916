import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { type NamedRef, teamOperations } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { callOperation, operationQuery } from '../../api/operations';
import { AdminFormLayout, retryUnlessNotFound, useAdminSave } from '../../components/admin/AdminFormLayout';
import { type FormMode, formMode } from '../../components/admin/admin-rules';
import { CompanySelect, formCompanyId } from '../../components/admin/CompanySelect';
import { PageLoader } from '../../components/PageLoader';
import { muiRegister } from '../../lib/mui-register';
import { useCan } from '../../session/useCan';
import { useCompanyNames } from '../../session/useSession';
import { DevicePicker } from './DevicePicker';
import { EMPTY_TEAM_FORM, type TeamFormValues, teamFormSchema, teamFormValues, teamSave } from './team-form';

/** The team form (spec 2.11): Add, Edit, or View without ManageTeam Write. */
export function TeamFormPage() {
  const { teamId } = useParams();
  const id = teamId === undefined ? undefined : Number(teamId);
  const canWrite = useCan('ManageTeam', 'Write');
  const companies = useCompanyNames();
  if (canWrite === undefined || companies.isPending) return <PageLoader />;
  return <TeamForm id={id} mode={formMode(canWrite, id !== undefined)} companies={companies.data ?? []} />;
}

function TeamForm({ id, mode, companies }: { id: number | undefined; mode: FormMode; companies: readonly NamedRef[] }) {
  const readOnly = mode === 'View';
  const companyShown = companies.length > 1;
  const team = useQuery({
    ...operationQuery(teamOperations.get, { params: { id: id ?? 0 }, query: { $expand: 'EndPoints' } }),
    enabled: id !== undefined,
    retry: retryUnlessNotFound,
  });
  const schema = useMemo(() => teamFormSchema(companyShown), [companyShown]);
  const { control, register, reset, setValue, handleSubmit, formState } = useForm<TeamFormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_TEAM_FORM,
  });
  const { errors } = formState;

  useEffect(() => {
    if (team.data) reset(teamFormValues(team.data));
  }, [team.data, reset]);

  const chosenCompany = useWatch({ control, name: 'companyId' });
  const companyId = formCompanyId(chosenCompany, team.data?.companyId, companies);

  const { saving, failure, dismissFailure, save } = useAdminSave('teams');
  const onSubmit = handleSubmit((values) =>
    save(() => {
      const body = teamSave(values, { ...(id === undefined ? {} : { id }), ...(companyId ? { companyId } : {}) });
      return id === undefined
        ? callOperation(teamOperations.create, { body })
        : callOperation(teamOperations.update, { params: { id }, body });
    }),
  );

  // View shows the values as read-only fields, not disabled ones, which would grey them out.
  const disabled = saving;
  const input = { input: { readOnly } };
  return (
    <AdminFormLayout
      area="teams"
      mode={mode}
      record={id === undefined ? undefined : team}
      onSubmit={(event) => void onSubmit(event)}
      saving={saving}
      failure={failure}
      onDismissFailure={dismissFailure}
    >
      <TextField
        {...muiRegister(register('name'))}
        label="Name"
        required={!readOnly}
        disabled={disabled}
        slotProps={input}
        error={errors.name !== undefined}
        helperText={errors.name?.message}
      />
      {companyShown ? (
        <Controller
          control={control}
          name="companyId"
          render={({ field, fieldState }) => (
            <CompanySelect
              field={field}
              error={fieldState.error?.message}
              companies={companies}
              readOnly={readOnly}
              disabled={disabled}
              locked={id !== undefined}
              onChosen={() => setValue('endPoints', [])}
            />
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="endPoints"
        render={({ field }) => (
          <DevicePicker companyId={companyId} value={field.value} onChange={field.onChange} readOnly={readOnly} />
        )}
      />
    </AdminFormLayout>
  );
}
