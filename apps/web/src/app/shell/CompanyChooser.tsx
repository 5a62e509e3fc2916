import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCompanyFilter } from '../../session/useCompanyFilter';
import { useAllCompanyNames } from '../../session/useSession';

const ALL = 'all';

/**
 * Narrows the whole portal to one of the caller's companies (decision 0075). Shown only to callers with several;
 * `onToolbar` styles it for the coloured app bar.
 */
export function CompanyChooser({ onToolbar = false }: { onToolbar?: boolean }) {
  const { data: companies } = useAllCompanyNames();
  const { companyId, choose } = useCompanyFilter();
  if (!companies || companies.length < 2) return null;
  const chosen = companies.some((company) => company.id === companyId) ? String(companyId) : ALL;

  return (
    <TextField
      select
      size="small"
      label="Company"
      value={chosen}
      onChange={(event) => choose(event.target.value === ALL ? undefined : Number(event.target.value))}
      data-testid="company-chooser"
      sx={[
        { minWidth: 0, maxWidth: onToolbar ? 280 : '100%' },
        onToolbar && {
          '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': { color: 'inherit', opacity: 0.85 },
          '& .MuiInputBase-root': { color: 'inherit' },
          '& .MuiSelect-icon': { color: 'inherit' },
          '& .MuiOutlinedInput-notchedOutline, & .Mui-focused .MuiOutlinedInput-notchedOutline': {
            borderColor: 'currentColor',
            opacity: 0.6,
          },
        },
      ]}
    >
      <MenuItem value={ALL}>All companies ({companies.length})</MenuItem>
      {companies.map((company) => (
        <MenuItem key={company.id} value={String(company.id)}>
          {company.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
