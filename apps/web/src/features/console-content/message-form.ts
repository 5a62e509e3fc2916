import { type Message, type MessageInput, MessageInputSchema } from '@portal/contract';
import { TIME_ZONE } from '../../lib/format';

/** The message form's values: the text as typed, the start and end as `<input type="datetime-local">` holds them. */
export type MessageFormValues = { text: string; start: string; end: string };
export type MessageFormField = keyof MessageFormValues;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const ukClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK wall clock of an instant, as a datetime-local input's value (`2026-11-28T09:30`). */
export function ukLocalOf(instant: string | number): string {
  const parts: Record<string, string> = {};
  for (const part of ukClock.formatToParts(new Date(instant))) parts[part.type] = part.value;
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}T${hour}:${parts.minute}`;
}

/** Milliseconds since the epoch of a UTC calendar time; years below 100 stay themselves (Date.UTC makes 50 1950). */
function utcOf(parts: ReadonlyArray<string | undefined>): number {
  const [y, mo, d, h, mi] = parts.map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y ?? Number.NaN, (mo ?? 1) - 1, d ?? Number.NaN);
  date.setUTCHours(h ?? Number.NaN, mi ?? Number.NaN);
  return date.getTime();
}

/** How far UK time is ahead of UTC at an instant, in milliseconds (0 in winter, an hour in summer). */
function ukOffsetAt(epochMs: number): number {
  const [, ...parts] = LOCAL_DATE_TIME.exec(ukLocalOf(epochMs)) ?? [];
  return utcOf(parts) - Math.floor(epochMs / 60_000) * 60_000;
}

/**
 * The instant a UK wall-clock time names (the portal's times are UK times, whatever the browser's zone), as ISO 8601
 * in UTC; undefined for a value that is not a whole datetime-local one. An hour the clocks skip reads an hour later.
 */
export function instantOfUkLocal(local: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return undefined;
  const asUtc = utcOf(match.slice(1));
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the guess, then at the answer (they differ only across a change of the clocks).
  const first = asUtc - ukOffsetAt(asUtc);
  const instant = asUtc - ukOffsetAt(first);
  return new Date(instant).toISOString();
}

export function messageFormValues(message?: Message): MessageFormValues {
  return {
    text: message?.text ?? '',
    start: message?.startDate ? ukLocalOf(message.startDate) : '',
    end: message?.endDate ? ukLocalOf(message.endDate) : '',
  };
}

/** What the date inputs hold that is not a date-time at all (a half-typed one): said before any other check. */
const INCOMPLETE = 'Enter a whole date and time, or clear it';

/**
 * The request of the form's values, checked with the request's own schema (the API's: the same text rule, range of
 * dates and end after start), or the first problem of each field. An empty date is none (open-ended).
 */
export function messageInputOf(
  values: MessageFormValues,
): { ok: true; body: MessageInput } | { ok: false; errors: Partial<Record<MessageFormField, string>> } {
  const errors: Partial<Record<MessageFormField, string>> = {};
  const dateOf = (field: 'start' | 'end') => {
    const value = values[field].trim();
    if (value === '') return null;
    const instant = instantOfUkLocal(value);
    if (instant === undefined) errors[field] = INCOMPLETE;
    return instant ?? null;
  };
  const body = { text: values.text, startDate: dateOf('start'), endDate: dateOf('end') };
  const parsed = MessageInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0]));
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The form's field of a request field the API names (`startDate` is the Starts input). */
export function formFieldOf(apiField: string): MessageFormField | undefined {
  return ({ text: 'text', startDate: 'start', endDate: 'end' } as const)[apiField as 'text' | 'startDate' | 'endDate'];
}
