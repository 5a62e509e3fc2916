import type { Message } from '@portal/contract';
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
    <section aria-label="Messages" className="plain-stack plain-stack--dense" style={{ marginBottom: 16 }}>
      {shown.map((message) => (
        <CompactMessage
          key={message.id}
          text={message.text}
          onDismiss={() => setDismissed(dismissMessage(message, messages))}
        />
      ))}
    </section>
  );
}

/** The sign-in page's list: current messages above the card, not dismissible (spec 2.4). */
export function LoginMessages({ messages }: { messages: readonly Message[] }) {
  if (messages.length === 0) return null;
  return (
    <section aria-label="Messages" className="plain-stack plain-stack--dense">
      {messages.map((message) => (
        <CompactMessage key={message.id} text={message.text} />
      ))}
    </section>
  );
}
