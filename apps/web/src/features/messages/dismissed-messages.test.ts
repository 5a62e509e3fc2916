import type { Message } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../test/memory-storage';
import { dismissMessage, isDismissed, readDismissed } from './dismissed-messages';

const outage: Message = { id: 1, text: 'Planned maintenance on Sunday', startDate: '2026-11-20T00:00:00.000Z' };

describe('dismissed messages', () => {
  it('hides a dismissed message only while id, text, startDate and endDate all match', () => {
    const storage = createMemoryStorage();
    const dismissed = dismissMessage(outage, [outage], storage);
    expect(readDismissed(storage)).toEqual([outage]);
    expect(isDismissed(outage, dismissed)).toBe(true);
    expect(isDismissed({ ...outage, text: 'Planned maintenance on Monday' }, dismissed)).toBe(false);
    expect(isDismissed({ ...outage, endDate: '2026-11-23T00:00:00.000Z' }, dismissed)).toBe(false);
    expect(isDismissed({ ...outage, id: 2 }, dismissed)).toBe(false);
  });

  it('forgets messages the server no longer sends and survives a corrupt entry', () => {
    const storage = createMemoryStorage({ dismissed_messages: JSON.stringify([{ id: 9, text: 'old' }]) });
    const other: Message = { id: 2, text: 'New tariff' };
    expect(dismissMessage(other, [other], storage)).toEqual([other]);
    storage.setItem('dismissed_messages', '{not json');
    expect(readDismissed(storage)).toEqual([]);
  });
});
