/** Spec §3 "Local storage": every key the console keeps in the browser, named once. */
export const STORAGE_KEYS = {
  userInfoStore: 'userInfoStore',
  userTokenStore: 'userTokenStore',
  userInfo: 'userInfo',
  userToken: 'userToken',
  settings: 'settings',
  language: 'i18nextLng',
  version: 'EDP_VERSION',
  /** Not named by the spec: the remembered space codes and account names of the sign-in page. */
  spaceCodeHistory: 'spaceCodeHistory',
  accountNameHistory: 'accountNameHistory',
} as const;

/** The language cookie i18next conventionally mirrors (spec §3: "a cookie/key i18next"). */
export const LANGUAGE_COOKIE = 'i18next';

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export const writeJson = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));
