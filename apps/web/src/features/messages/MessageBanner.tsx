import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { dismissMessage, isDismissed, readDismissed } from './dismissed-messages';
import { useCurrentMessages } from './useCurrentMessages';

/** The signed-in banner: each current message until its close button is pressed (spec 2.3). */
export function MessageBanner() {
  const { data: messages = [] } = useCurrentMessages();
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = messages.filter((message) => !isDismissed(message, dismissed));
  if (shown.length === 0) return null;
  return (
    <Stack component="section" aria-label="Messages" spacing={1} sx={{ mb: 2 }}>
      {shown.map((message) => (
        <Alert
          key={message.id}
          severity="info"
          onClose={() => setDismissed(dismissMessage(message, messages))}
          slotProps={{ closeButton: { 'aria-label': 'Dismiss message' } }}
        >
          {message.text}
        </Alert>
      ))}
    </Stack>
  );
}

/** The sign-in page's list: current messages above the card, not dismissible (spec 2.4). */
export function LoginMessages() {
  const { data: messages = [] } = useCurrentMessages();
  if (messages.length === 0) return null;
  return (
    <Stack component="section" aria-label="Messages" spacing={1}>
      {messages.map((message) => (
        <Alert key={message.id} severity="info">
          {message.text}
        </Alert>
      ))}
    </Stack>
  );
}
