import type { LiveStatus } from '@portal/contract';
import { formatDate } from '../../lib/format';

/** How the line's live status reads (spec 4), with the tone its chip takes. */
export interface LiveStatusText {
  text: string;
  tone: 'success' | 'warning' | 'error';
}

/**
 * Connected and active: 'Connected ({date time})' (the session's start, UK time); active but not connected:
 * Disconnected; anything else: Suspended (spec 4).
 */
export function liveStatusText(status: LiveStatus): LiveStatusText {
  if (status.active && status.connected) {
    const since = status.connectedFrom ? ` (${formatDate(status.connectedFrom, 'dd/MM/yyyy HH:mm')})` : '';
    return { text: `Connected${since}`, tone: 'success' };
  }
  if (status.active) return { text: 'Disconnected', tone: 'warning' };
  return { text: 'Suspended', tone: 'error' };
}
