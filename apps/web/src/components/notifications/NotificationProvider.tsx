import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import type { Notification } from './notification';

export type Notify = (notification: Notification) => void;

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
