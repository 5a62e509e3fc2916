import { usePasswordVisibility } from '../usePasswordVisibility';
import { Icon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

/** A password field with a show/hide button, as features/passwords/PasswordField draws it with MUI. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { visible, type, toggleLabel, toggle } = usePasswordVisibility();
  const button = (
    <button type="button" className="plain-icon-button" aria-label={toggleLabel} onClick={toggle}>
      <Icon name={visible ? 'visibilityOff' : 'visibility'} small />
    </button>
  );
  return <TextField {...props} type={type} end={button} />;
}
