import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import {
  canAccess,
  ENDPOINT_TYPE,
  estateOperations,
  odataString,
  UserEmailAddressInputSchema,
  userOperations,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { operationQuery } from '../../api/operations';
import { usePermissions } from '../../session/useSession';
import type { PickedDevice, PickedUser } from './alert-rule-form';

/** How many matches a search picker offers at once: typing narrows them. */
const PICKER_MATCHES = 20;

interface PickerProps<Value> {
  value: Value;
  onChange: (value: Value) => void;
  onBlur: () => void;
  error: string | undefined;
  readOnly: boolean;
  disabled: boolean;
}

/** Where a read-only form shows a picker's choice: in a plain read-only field, as the other fields are. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} multiline />;
}

/** The mobile device a device rule watches: its company's mobile devices, searched by name or number. */
export function DevicePicker({
  companyId,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
  disabled,
}: PickerProps<PickedDevice | null> & { companyId: number | undefined }) {
  const [typed, setTyped] = useState('');
  const term = useDeferredValue(typed.trim());
  // Listing lines needs a permission that reads them; without one its 403 would end the session (spec 4).
  const held = usePermissions();
  const canList = held !== undefined && canAccess(estateOperations.list.access, held);
  const search =
    term === '' ? '' : ` and (contains(name,${odataString(term)}) or contains(identifier,${odataString(term)}))`;
  const devices = useQuery({
    ...operationQuery(estateOperations.list, {
      query: {
        $filter: `endPointTypeId eq ${ENDPOINT_TYPE.mobile} and companyId eq ${companyId ?? 0}${search}`,
        $select: 'id,name,identifier',
        $orderby: 'name',
        $top: String(PICKER_MATCHES),
      },
    }),
    enabled: canList && companyId !== undefined && !readOnly,
    placeholderData: keepPreviousData,
  });
  const label = (device: PickedDevice) => `${device.name} (${device.identifier})`;
  if (readOnly) return <ReadOnlyField label="Mobile device" value={value ? label(value) : ''} />;
  const options: PickedDevice[] = (devices.data?.value ?? []).flatMap((device) =>
    device.id !== undefined ? [{ id: device.id, name: device.name ?? '', identifier: device.identifier ?? '' }] : [],
  );
  const helper =
    error ??
    (companyId === undefined
      ? 'Choose a company first'
      : !canList
        ? 'You need access to the mobile estate to choose a device.'
        : devices.isError
          ? "We couldn't load the devices"
          : 'Type a name or mobile number to search.');
  return (
    <Autocomplete<PickedDevice>
      options={options}
      value={value}
      onChange={(_event, device) => onChange(device)}
      onBlur={onBlur}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      // The server has filtered already: every option it sent matches.
      filterOptions={(all) => all}
      getOptionLabel={label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={devices.isFetching}
      noOptionsText={devices.isError ? "We couldn't load the devices" : 'No devices match'}
      disabled={disabled || companyId === undefined || !canList}
      renderInput={(params) => (
        <TextField {...params} label="Mobile device" required error={error !== undefined} helperText={helper} />
      )}
    />
  );
}

/** The portal users a rule tells: users of the caller's estate, searched by username. */
export function UsersPicker({ value, onChange, onBlur, error, readOnly, disabled }: PickerProps<PickedUser[]>) {
  const [typed, setTyped] = useState('');
  const term = useDeferredValue(typed.trim());
  const users = useQuery({
    ...operationQuery(userOperations.list, {
      query: {
        $select: 'id,userName',
        $orderby: 'userName',
        $top: String(PICKER_MATCHES),
        ...(term === '' ? {} : { $filter: `contains(userName,${odataString(term)})` }),
      },
    }),
    enabled: !readOnly,
    placeholderData: keepPreviousData,
  });
  if (readOnly) return <ReadOnlyField label="Portal users" value={value.map((user) => user.userName).join(', ')} />;
  const options: PickedUser[] = (users.data?.value ?? []).flatMap((user) =>
    user.id !== undefined && user.userName !== undefined ? [{ id: user.id, userName: user.userName }] : [],
  );
  return (
    <Autocomplete<PickedUser, true>
      multiple
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onBlur={onBlur}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        // Choosing a user empties the box for the next one rather than leaving the chosen name in it.
        if (reason !== 'reset') setTyped(text);
      }}
      filterOptions={(all) => all}
      getOptionLabel={(user) => user.userName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={users.isFetching}
      noOptionsText={users.isError ? "We couldn't load the users" : 'No users match'}
      disabled={disabled}
      renderValue={(chosen, getItemProps) =>
        chosen.map((user, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={user.userName} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Portal users"
          error={error !== undefined}
          helperText={error ?? 'Each is told in the portal and by e-mail.'}
        />
      )}
    />
  );
}

/** The e-mail addresses a rule tells besides portal users: typed, each checked by the users' e-mail rule. */
export function EmailsInput({ value, onChange, onBlur, error, readOnly, disabled }: PickerProps<string[]>) {
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<string | undefined>();
  if (readOnly) return <ReadOnlyField label="E-mail addresses" value={value.join(', ')} />;
  /** Adds what was typed when it is an address; says why not otherwise. Answers whether the box may be emptied. */
  const add = (text: string): boolean => {
    const address = text.trim().replace(/[,;]$/, '');
    if (address === '') return true;
    const checked = UserEmailAddressInputSchema.safeParse(address);
    if (!checked.success) {
      setRefused(checked.error.issues[0]?.message);
      return false;
    }
    setRefused(undefined);
    if (!value.some((known) => known.toLowerCase() === checked.data.toLowerCase())) onChange([...value, checked.data]);
    return true;
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset') return;
        setRefused(undefined);
        // A comma or semicolon ends an address, as in a mail program.
        if (/[,;]$/.test(text)) {
          if (add(text)) setTyped('');
          else setTyped(text.slice(0, -1));
          return;
        }
        setTyped(text);
      }}
      onChange={(_event, next, reason) => {
        if (reason === 'createOption') {
          if (add(next.at(-1) ?? '')) setTyped('');
          return;
        }
        setRefused(undefined);
        onChange(next);
      }}
      onBlur={() => {
        if (add(typed)) setTyped('');
        onBlur();
      }}
      disabled={disabled}
      renderValue={(chosen, getItemProps) =>
        chosen.map((address, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={address} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="E-mail addresses"
          error={(refused ?? error) !== undefined}
          helperText={refused ?? error ?? 'Press Enter after each address.'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: 'email', autoComplete: 'off' },
          }}
        />
      )}
    />
  );
}
