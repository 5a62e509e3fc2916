import { ROLES, type Role } from '@portal/contract';

/**
 * The signed-in session as the browser keeps it (spec section 4): the main token set under `id_token`, the analytics
 * (dash) token set under `dash_id_token` and the roles under `roles`, all in local storage. React reads it through
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`; every write notifies the subscribers.
 */

export const SESSION_KEYS = { main: 'id_token', dash: 'dash_id_token', roles: 'roles' } as const;

/** One token set; `expiresAt` is the ISO time the access token stops working (login time plus expiresIn seconds). */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
}

/** What the app renders from; the same object until the session changes. */
export interface SessionSnapshot {
  signedIn: boolean;
  roles: readonly Role[];
}

/** The part of `Storage` the store uses, so tests can pass an in-memory one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  getTokens(): StoredTokens | undefined;
  getDashTokens(): StoredTokens | undefined;
  getRoles(): Role[];
  /** Stores a token set that expires `expiresInSeconds` from now. */
  setTokens(accessToken: string, refreshToken: string, expiresInSeconds: number): void;
  setDashTokens(accessToken: string, refreshToken: string, expiresInSeconds: number): void;
  setRoles(roles: readonly Role[]): void;
  /** An access token exists and its expiry is in the future. */
  isSignedIn(): boolean;
  /** Removes the tokens and the roles. */
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionSnapshot;
}

/** A `Storage` kept in memory: for tests, and the fallback where there is no `window` (Node). */
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const KNOWN_ROLES: ReadonlySet<unknown> = new Set(ROLES);

/** The contract's RoleSchema array check, written out: the session is read at start-up, before zod loads. */
function isRoleList(value: unknown): value is Role[] {
  return Array.isArray(value) && value.every((role) => KNOWN_ROLES.has(role));
}

function readJson(storage: StorageLike, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readTokens(storage: StorageLike, key: string): StoredTokens | undefined {
  const value = readJson(storage, key);
  if (
    isRecord(value) &&
    typeof value.accessToken === 'string' &&
    typeof value.refreshToken === 'string' &&
    typeof value.expiresAt === 'string'
  ) {
    return { accessToken: value.accessToken, refreshToken: value.refreshToken, expiresAt: value.expiresAt };
  }
  return undefined;
}

export interface SessionStoreOptions {
  /** Where the session lives; read on every access. Defaults to `window.localStorage` (memory outside a browser). */
  storage?: StorageLike | (() => StorageLike);
  /** The clock, in epoch milliseconds. */
  now?: () => number;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const fallback = createMemoryStorage();
  const storageOption = options.storage;
  const storage = (): StorageLike => {
    if (typeof storageOption === 'function') return storageOption();
    if (storageOption) return storageOption;
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : fallback;
  };
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot | undefined;

  function notify(): void {
    snapshot = undefined;
    for (const listener of [...listeners]) listener();
  }

  function writeTokens(key: string, accessToken: string, refreshToken: string, expiresInSeconds: number): void {
    const expiresAt = new Date(now() + expiresInSeconds * 1000).toISOString();
    const tokens: StoredTokens = { accessToken, refreshToken, expiresAt };
    storage().setItem(key, JSON.stringify(tokens));
    notify();
  }

  const store: SessionStore = {
    getTokens: () => readTokens(storage(), SESSION_KEYS.main),
    getDashTokens: () => readTokens(storage(), SESSION_KEYS.dash),
    getRoles() {
      const stored = readJson(storage(), SESSION_KEYS.roles);
      return isRoleList(stored) ? [...stored] : [];
    },
    setTokens: (accessToken, refreshToken, expiresIn) =>
      writeTokens(SESSION_KEYS.main, accessToken, refreshToken, expiresIn),
    setDashTokens: (accessToken, refreshToken, expiresIn) =>
      writeTokens(SESSION_KEYS.dash, accessToken, refreshToken, expiresIn),
    setRoles(roles) {
      storage().setItem(SESSION_KEYS.roles, JSON.stringify(roles));
      notify();
    },
    isSignedIn() {
      const tokens = store.getTokens();
      if (!tokens) return false;
      const expiresAt = Date.parse(tokens.expiresAt);
      return Number.isFinite(expiresAt) && expiresAt > now();
    },
    clear() {
      const target = storage();
      for (const key of Object.values(SESSION_KEYS)) target.removeItem(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /**
     * Cached until the next write, as useSyncExternalStore requires. Expiry alone does not notify: a session whose
     * token expired while the page is open ends through the client's refresh (or its failure) on the next call.
     */
    getSnapshot() {
      snapshot ??= { signedIn: store.isSignedIn(), roles: store.getRoles() };
      return snapshot;
    },
  };
  return store;
}

/** The app's session, in `window.localStorage`. */
export const sessionStore: SessionStore = createSessionStore();
