import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMINGS } from '@portal/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The snackbar of spec section 9: one message at a time, 3 seconds unless the caller asks for longer. */
export interface Notification {
  message: string;
  severity?: AlertColor;
  durationMs?: number;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | undefined>(undefined);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationProvider above it');
  return notify;
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { key: number }) | undefined>();
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((notification) => {
    setCurrent({ ...notification, key: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={current?.durationMs ?? TIMINGS.snackbarMs}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={current?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}
