import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { NamedRef } from '@portal/contract';
import type { ChangeEvent } from 'react';
import type { RefCallBack } from 'react-hook-form';

type CompanyFieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: RefCallBack;
};

/**
 * The Company select of the site and team forms (spec 2.11), for a caller with more than one company. A record
 * never moves to another company (decision 0109), so an existing one shows its company locked.
 */
export function CompanySelect({
  field,
  error,
  companies,
  readOnly,
  disabled,
  locked,
  onChosen,
}: {
  field: CompanyFieldProps;
  error: string | undefined;
  companies: readonly NamedRef[];
  readOnly: boolean;
  disabled: boolean;
  locked: boolean;
  /** What belongs to the company (addresses, devices) starts unchosen under another one. */
  onChosen: () => void;
}) {
  const { ref, onChange, ...rest } = field;
  return (
    <TextField
      select
      label="Company"
      required={!readOnly}
      slotProps={{ input: { readOnly } }}
      {...rest}
      inputRef={ref}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange(event);
        onChosen();
      }}
      disabled={disabled || (locked && !readOnly)}
      error={error !== undefined}
      helperText={error}
    >
      {companies.map((company) => (
        <MenuItem key={company.id} value={String(company.id)}>
          {company.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The company a site or team form works in: the one chosen, else the record's own, else the caller's only company.
 * A caller with several companies has none until they choose.
 */
export function formCompanyId(
  chosen: string,
  recordCompanyId: number | undefined,
  companies: readonly NamedRef[],
): number | undefined {
  if (chosen !== '') return Number(chosen);
  return recordCompanyId ?? (companies.length > 1 ? undefined : companies[0]?.id);
}
