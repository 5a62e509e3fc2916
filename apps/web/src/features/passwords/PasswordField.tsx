import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from '../../components/form/TextInput';
import { usePasswordVisibility } from '../../lib/usePasswordVisibility';

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const { visible, type, toggleLabel, toggle } = usePasswordVisibility();
  return (
    <TextInput
      {...props}
      type={type}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={toggleLabel} onClick={toggle} edge="end" size="small">
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
