import { useState } from 'react';
import { Icon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

/** A password field with a show/hide button, as features/passwords/PasswordField draws it with MUI. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="plain-icon-button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} small />
        </button>
      }
    />
  );
}
