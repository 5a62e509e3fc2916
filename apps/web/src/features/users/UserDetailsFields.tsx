import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_LENGTH, type Profile, VALIDATION_MESSAGES } from '@portal/contract';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { TextInput } from '../../components/form/TextInput';
import { muiRegister } from '../../lib/mui-register';
import type { UserFormValues } from './user-form-values';
import type { UserNameCheck } from './useUserNameCheck';

/** What the username's check says under the field while it is not an error. */
const CHECK_HELP: Partial<Record<UserNameCheck, string>> = {
  checking: 'Checking the username…',
  // Too many checks in a minute (decision 0124): not an error, and Save checks the name anyway.
  throttled: 'Too many checks just now: the username will be checked when you save',
};

/** Username (checked for uniqueness as it is typed), Email Address and, when there is a choice, Profile. */
export function UserDetailsFields({
  form,
  readOnly,
  profiles,
  showProfile,
  nameCheck,
  onProfileChange,
}: {
  form: UseFormReturn<UserFormValues>;
  readOnly: boolean;
  profiles: readonly Profile[];
  showProfile: boolean;
  nameCheck: UserNameCheck;
  onProfileChange: (profileId: number) => void;
}) {
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const profileId = useWatch({ control, name: 'profileId' });
  const nameError = errors.userName?.message ?? (nameCheck === 'taken' ? VALIDATION_MESSAGES.userNameTaken : undefined);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: showProfile ? 4 : 6 }}>
        <TextInput
          {...muiRegister(register('userName'))}
          label="Username"
          autoComplete="off"
          required={!readOnly}
          readOnly={readOnly}
          disabled={isSubmitting}
          inputProps={{ maxLength: MAX_LENGTH.username }}
          error={nameError !== undefined}
          helperText={nameError ?? CHECK_HELP[nameCheck]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: showProfile ? 4 : 6 }}>
        <TextInput
          {...muiRegister(register('emailAddress'))}
          label="Email Address"
          type="email"
          autoComplete="off"
          required={!readOnly}
          readOnly={readOnly}
          disabled={isSubmitting}
          inputProps={{ maxLength: MAX_LENGTH.email }}
          error={errors.emailAddress !== undefined}
          helperText={errors.emailAddress?.message}
        />
      </Grid>
      {showProfile ? (
        <Grid size={{ xs: 12, md: 4 }}>
          {readOnly ? (
            <TextInput
              label="Profile"
              readOnly
              value={profiles.find((profile) => profile.id === profileId)?.name ?? ''}
            />
          ) : (
            <TextField
              select
              fullWidth
              label="Profile"
              required
              value={profileId ?? ''}
              disabled={isSubmitting}
              onChange={(event) => onProfileChange(Number(event.target.value))}
              error={errors.profileId !== undefined}
              helperText={errors.profileId?.message}
            >
              {profiles.map((profile) => (
                <MenuItem key={profile.id} value={profile.id}>
                  {profile.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Grid>
      ) : null}
    </Grid>
  );
}
