import { MESSAGE_TEXT_MAX } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { instantOfUkLocal, messageFormValues, messageInputOf, ukLocalOf } from './message-form';

describe('UK wall-clock times', () => {
  it('reads winter times as UTC and summer times an hour ahead, whatever the browser’s zone', () => {
    expect(instantOfUkLocal('2026-12-01T09:30')).toBe('2026-12-01T09:30:00.000Z');
    expect(instantOfUkLocal('2026-07-01T09:30')).toBe('2026-07-01T08:30:00.000Z');
    expect(ukLocalOf('2026-07-01T08:30:00.000Z')).toBe('2026-07-01T09:30');
    expect(ukLocalOf('2026-12-01T00:05:00.000Z')).toBe('2026-12-01T00:05');
  });

  it('crosses the changes of the clocks', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 25 October 2026: 02:00 BST becomes 01:00 GMT.
    expect(instantOfUkLocal('2026-03-29T00:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(instantOfUkLocal('2026-03-29T03:00')).toBe('2026-03-29T02:00:00.000Z');
    expect(instantOfUkLocal('2026-10-25T03:00')).toBe('2026-10-25T03:00:00.000Z');
    for (const instant of ['2026-03-29T02:00:00.000Z', '2026-10-25T03:00:00.000Z', '2026-06-15T23:59:00.000Z']) {
      expect(instantOfUkLocal(ukLocalOf(instant))).toBe(instant);
    }
  });

  it('keeps years below 100 as they are', () => {
    // (London's local mean time then, a minute and a bit behind UTC, is what Intl knows of it.)
    expect(instantOfUkLocal('0050-06-01T12:00')).toMatch(/^0050-06-01T12:0/);
  });

  it('refuses what is not a whole date-time', () => {
    expect(instantOfUkLocal('2026-12-01')).toBeUndefined();
    expect(instantOfUkLocal('')).toBeUndefined();
  });
});

describe('messageInputOf', () => {
  it('sends the text and the dates as instants, empty dates as none', () => {
    expect(messageInputOf({ text: ' Maintenance tonight ', start: '', end: '2026-12-01T06:00' })).toEqual({
      ok: true,
      body: { text: 'Maintenance tonight', startDate: null, endDate: '2026-12-01T06:00:00.000Z' },
    });
  });

  it('names each field with the API’s own rule', () => {
    expect(messageInputOf({ text: '  ', start: '', end: '' })).toEqual({
      ok: false,
      errors: { text: 'Message is required' },
    });
    expect(messageInputOf({ text: 'x'.repeat(MESSAGE_TEXT_MAX + 1), start: '', end: '' })).toEqual({
      ok: false,
      errors: { text: `Message must be ${MESSAGE_TEXT_MAX} characters or fewer` },
    });
    expect(messageInputOf({ text: 'Hi', start: '2026-12-02T00:00', end: '2026-12-01T00:00' })).toEqual({
      ok: false,
      errors: { end: 'The end must be after the start' },
    });
    expect(messageInputOf({ text: 'Hi', start: '2026-12-01T00:00', end: '2026-12-01T00:00' }).ok).toBe(false);
    const outOfRange = messageInputOf({ text: 'Hi', start: '0050-01-01T00:00', end: '' });
    expect(outOfRange.ok).toBe(false);
    expect(outOfRange.ok ? undefined : outOfRange.errors.start).toBeTruthy();
  });

  it('fills the form from a stored message in UK time', () => {
    expect(
      messageFormValues({
        id: 1,
        text: 'Hi',
        startDate: '2026-07-01T08:30:00.000Z',
        endDate: '2026-12-01T09:00:00.000Z',
      }),
    ).toEqual({ text: 'Hi', start: '2026-07-01T09:30', end: '2026-12-01T09:00' });
    expect(messageFormValues()).toEqual({ text: '', start: '', end: '' });
  });
});
