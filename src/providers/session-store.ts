import type { AccountRecord } from '../../model/schemas/account';
import type { TenantRecord } from '../../model/schemas/tenant';
import { readJson, STORAGE_KEYS, writeJson } from './storage-keys';

/** Spec §3: "Stored user info is the account merged with its tenant." */
export type UserInfo = AccountRecord & { tenant: TenantRecord };

/** Spec §3 "Session": accessToken, tenantId, role, user id. */
export interface Session {
  accessToken: string;
  tenantId: number;
  role: string;
  userId: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The persisted stores keep the `{ state, version }` shape so they stay readable by their names. */
const store = <T>(key: string) => readJson<{ state?: T } | null>(key, null)?.state ?? null;

/** Why the session last ended in this tab: the user left, or the server said it expired (spec §8 403). */
export type SessionEnd = 'signedOut' | 'expired';

export interface SessionSnapshot {
  token: string | null;
  userInfo: UserInfo | null;
  ended?: SessionEnd;
}
let ended: SessionEnd | undefined;
const load = (): SessionSnapshot => ({
  ended,
  token: localStorage.getItem(STORAGE_KEYS.userToken),
  userInfo: store<{ userInfo: UserInfo }>(STORAGE_KEYS.userInfoStore)?.userInfo ?? readJson<UserInfo | null>(STORAGE_KEYS.userInfo, null),
});
/**
 * One object per change, so React can subscribe to it (useSyncExternalStore). The current user is
 * loaded again on every start: when the server says what was stored, the snapshot stays the same
 * object and nothing re-renders (a whole console of it, on every cold list load).
 */
let snapshot = load();
const sameSession = (a: SessionSnapshot, b: SessionSnapshot) =>
  a.token === b.token && a.ended === b.ended && JSON.stringify(a.userInfo) === JSON.stringify(b.userInfo);
const emit = () => {
  const next = load();
  if (sameSession(next, snapshot)) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
};

export const sessionStore = {
  snapshot: (): SessionSnapshot => snapshot,
  token: (): string | null => localStorage.getItem(STORAGE_KEYS.userToken),
  userInfo: (): UserInfo | null => snapshot.userInfo,

  /** After sign-in, and whenever the current user is loaded again. */
  save(accessToken: string, account: AccountRecord, tenant: TenantRecord): UserInfo {
    const userInfo: UserInfo = { ...account, tenant };
    const session: Session = { accessToken, tenantId: tenant.id, role: account.role, userId: account.id };
    ended = undefined;
    localStorage.setItem(STORAGE_KEYS.userToken, accessToken);
    writeJson(STORAGE_KEYS.userTokenStore, { state: session, version: 0 });
    writeJson(STORAGE_KEYS.userInfo, userInfo);
    writeJson(STORAGE_KEYS.userInfoStore, { state: { userInfo }, version: 0 });
    emit();
    return userInfo;
  },

  /**
   * The current user loaded again for the session of `token`: stored only while that session is still
   * the stored one. One ended while the request was out (signed out here or in another tab) stays ended.
   */
  renew(token: string, account: AccountRecord, tenant: TenantRecord): UserInfo | null {
    return localStorage.getItem(STORAGE_KEYS.userToken) === token ? sessionStore.save(token, account, tenant) : null;
  },

  /** Spec §8 on 403, and logout: clear user info and token. The route guards then go to sign-in. */
  clear(reason: SessionEnd): void {
    ended = reason;
    for (const key of [STORAGE_KEYS.userToken, STORAGE_KEYS.userTokenStore, STORAGE_KEYS.userInfo, STORAGE_KEYS.userInfoStore]) localStorage.removeItem(key);
    emit();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key?.startsWith('user') && emit();
    window.addEventListener('storage', onStorage); // another tab signed in or out
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
