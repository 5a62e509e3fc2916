import { describe, expect, it } from 'vitest';
import { liveStatusText } from './live-status';

describe('liveStatusText', () => {
  it('names the start of the session of a connected, active line in UK time', () => {
    expect(liveStatusText({ active: true, connected: true, connectedFrom: '2026-07-01T08:05:00Z' })).toEqual({
      text: 'Connected (01/07/2026 09:05)',
      tone: 'success',
    });
  });

  it('says Connected alone when the carrier gives no start', () => {
    expect(liveStatusText({ active: true, connected: true, connectedFrom: null }).text).toBe('Connected');
  });

  it('reads an active line that is not connected as Disconnected', () => {
    expect(liveStatusText({ active: true, connected: false, connectedFrom: null })).toEqual({
      text: 'Disconnected',
      tone: 'warning',
    });
  });

  it('reads an inactive line as Suspended, connected or not', () => {
    expect(liveStatusText({ active: false, connected: true, connectedFrom: null }).text).toBe('Suspended');
    expect(liveStatusText({ active: false, connected: false, connectedFrom: null }).tone).toBe('error');
  });
});
