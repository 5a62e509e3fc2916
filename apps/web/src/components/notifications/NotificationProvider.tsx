import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';

/** The snackbar of spec section 9: one message at a time, 3 seconds unless the caller asks for longer. */
export interface Notification {
  message: string;
  severity?: AlertColor;
  durationMs?: number;
  /**
   * Called once the message has gone (timed out, closed, or replaced by another): a form re-enables its save
   * button then (spec 8), so the failure is read before it can be tried again.
   */
  onDismiss?: () => void;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | undefined>(undefined);

// Most visits never notify, the sign-in page least of all: the snackbar's code loads with the first message.
const NotificationSnackbar = lazy(() =>
  import('./NotificationSnackbar').then((module) => ({ default: module.NotificationSnackbar })),
);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationProvider above it');
  return notify;
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { key: number }) | undefined>();
  const [open, setOpen] = useState(false);

  // The message whose onDismiss is still owed, called once only.
  const pending = useRef<Notification | undefined>(undefined);
  const dismiss = useCallback(() => {
    const owed = pending.current;
    pending.current = undefined;
    owed?.onDismiss?.();
  }, []);

  const notify = useCallback<Notify>(
    (notification) => {
      dismiss();
      pending.current = notification;
      setCurrent({ ...notification, key: Date.now() });
      setOpen(true);
    },
    [dismiss],
  );
  const close = useCallback(() => {
    setOpen(false);
    dismiss();
  }, [dismiss]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <NotificationSnackbar key={current.key} notification={current} open={open} onClose={close} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}
