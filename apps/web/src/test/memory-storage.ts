/** The part of `Storage` the stores under test use. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A `Storage` kept in memory, for tests of what the app keeps in localStorage or sessionStorage. */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): StorageLike & { readonly data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}
