import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ownSubmitOnly } from './own-submit';

const submitOf = (target: object, currentTarget: object) =>
  ({ target, currentTarget }) as unknown as FormEvent<HTMLFormElement>;

describe('ownSubmitOnly', () => {
  it("answers the form's own submit", () => {
    const handler = vi.fn();
    const form = {};
    ownSubmitOnly(handler)(submitOf(form, form));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("ignores a submit bubbled up from another form, such as a portalled dialog's", () => {
    const handler = vi.fn();
    ownSubmitOnly(handler)(submitOf({}, {}));
    expect(handler).not.toHaveBeenCalled();
  });
});
