import { useState } from 'react';

/** Whether a password field shows its text, with the input type and the name of the button that switches it. */
export function usePasswordVisibility() {
  const [visible, setVisible] = useState(false);
  return {
    visible,
    type: visible ? 'text' : 'password',
    toggleLabel: visible ? 'Hide password' : 'Show password',
    toggle: () => setVisible((shown) => !shown),
  };
}
