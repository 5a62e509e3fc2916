import type { FormEvent } from 'react';

/**
 * Wraps a form's submit handler so that it answers only the form's own submits. A dialog's form rendered through a
 * portal (a table's column filter) sits outside the form in the page but inside it in the React tree, and React
 * bubbles the dialog's submit up that tree: without this check, applying a filter would save the form around the
 * table (issue 21).
 */
export function ownSubmitOnly<Event extends FormEvent<HTMLFormElement>>(
  handler: (event: Event) => unknown,
): (event: Event) => void {
  return (event) => {
    if (event.target !== event.currentTarget) return;
    void handler(event);
  };
}
