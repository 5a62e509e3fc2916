import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> & {
  label: string;
  error?: boolean;
  helperText?: string | undefined;
  /** Drawn at the input's end, inside its border (the password field's show button). */
  end?: ReactNode;
};

/**
 * MUI's outlined text field as plain elements: the same label, notched border and helper text, the label's
 * position chosen by CSS (plain-ui.css), so a pre-rendered form looks right before any script runs.
 */
export function TextField({ label, error = false, helperText, end, id, disabled, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  const classes = ['plain-field', error ? 'plain-field--error' : '', disabled ? 'plain-field--disabled' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="plain-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={end ? 'plain-field__box plain-field__box--end' : 'plain-field__box'}>
        <input
          {...input}
          id={inputId}
          className="plain-field__input"
          // One space: CSS reads :placeholder-shown as "empty" and keeps the label in the box.
          placeholder=" "
          disabled={disabled}
          aria-invalid={error}
          aria-describedby={helperText ? helperId : undefined}
        />
        {end ? <div className="plain-field__end">{end}</div> : null}
        <fieldset aria-hidden="true" className="plain-field__outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText ? (
        <p className="plain-field__helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
