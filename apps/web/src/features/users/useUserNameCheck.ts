import { UserNameInputSchema, userOperations } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { callOperation, isTooManyRequests } from '../../api/operations';

/** How long typing must pause before the username is checked. */
export const USER_NAME_CHECK_DELAY_MS = 300;

/** `throttled`: the server answered 429 (too many checks, decision 0124); the save still checks the name. */
export type UserNameCheck = 'idle' | 'checking' | 'free' | 'taken' | 'throttled';

/**
 * Spec 5's asynchronous uniqueness check of the user form: asks the server (`isUserNameUnique`, ignoring case, the
 * edited user's own name excepted) once typing pauses, for a name the contract's rule accepts (another gets the
 * form's own message). Only the answer for the name now in the field counts: a newer name aborts the older request,
 * and an answer that still arrives for it is dropped. A failed check says nothing (the save checks again and names
 * the field), except a 429, which says the name is unchecked rather than taken.
 */
export function useUserNameCheck(userName: string, userId: number | undefined, enabled: boolean): UserNameCheck {
  const [result, setResult] = useState<{ name: string; check: UserNameCheck }>({ name: '', check: 'idle' });
  const latest = useRef(0);

  useEffect(() => {
    const name = userName.trim();
    const request = ++latest.current;
    if (!enabled || !UserNameInputSchema.safeParse(name).success) {
      setResult({ name, check: 'idle' });
      return;
    }
    setResult({ name, check: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callOperation(
        userOperations.isUserNameUnique,
        { body: { userName: name, ...(userId === undefined ? {} : { id: userId }) } },
        { signal: controller.signal },
      ).then(
        (unique) => {
          if (request === latest.current) setResult({ name, check: unique ? 'free' : 'taken' });
        },
        (error: unknown) => {
          const check = isTooManyRequests(error) ? 'throttled' : 'idle';
          if (request === latest.current) setResult({ name, check });
        },
      );
    }, USER_NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [userName, userId, enabled]);

  return result.name === userName.trim() ? result.check : 'checking';
}
