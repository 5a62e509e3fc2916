import type { Message } from '@portal/contract';

/**
 * Dismissed banner messages, kept in local storage as a list (spec section 9). A message stays hidden only while its
 * id, text, startDate and endDate all match a dismissed one, so an edited message shows again.
 */
const KEY = 'dismissed_messages';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function sameMessage(a: Message, b: Message): boolean {
  return a.id === b.id && a.text === b.text && a.startDate === b.startDate && a.endDate === b.endDate;
}

export function readDismissed(storage: StorageLike = localStorage): Message[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is Message =>
        typeof item === 'object' && item !== null && typeof item.id === 'number' && typeof item.text === 'string',
    );
  } catch {
    return [];
  }
}

export function isDismissed(message: Message, dismissed: readonly Message[]): boolean {
  return dismissed.some((candidate) => sameMessage(candidate, message));
}

/** Adds the message to the list, dropping entries for messages the server no longer sends. */
export function dismissMessage(message: Message, current: readonly Message[], storage: StorageLike = localStorage) {
  const kept = readDismissed(storage).filter((old) => current.some((live) => sameMessage(live, old)));
  const next = isDismissed(message, kept) ? kept : [...kept, message];
  storage.setItem(KEY, JSON.stringify(next));
  return next;
}
