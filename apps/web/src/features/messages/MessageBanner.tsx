import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CompactMessage } from './CompactMessage';
import { dismissMessage, isDismissed, readDismissed } from './dismissed-messages';
import { useCurrentMessages } from './useCurrentMessages';

/** The signed-in banner: each current message, one line each, until its close button is pressed (spec 2.3). */
export function MessageBanner() {
  const { data: messages = [] } = useCurrentMessages();
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = messages.filter((message) => !isDismissed(message, dismissed));
  if (shown.length === 0) return null;
  return (
    <Stack component="section" aria-label="Messages" spacing={1} sx={{ mb: 2 }}>
      {shown.map((message) => (
        <CompactMessage
          key={message.id}
          text={message.text}
          onDismiss={() => setDismissed(dismissMessage(message, messages))}
        />
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
        <CompactMessage key={message.id} text={message.text} />
      ))}
    </Stack>
  );
}
