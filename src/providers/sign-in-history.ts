import { readJson, STORAGE_KEYS, writeJson } from './storage-keys';

/** Spec §3/§9: remembered space codes, most recent first, unique, at most 10. */
export const SPACE_HISTORY_LIMIT = 10;

const remember = (list: string[], value: string) => [value, ...list.filter((item) => item !== value)].slice(0, SPACE_HISTORY_LIMIT);

export const spaceCodeHistory = (): string[] => readJson<string[]>(STORAGE_KEYS.spaceCodeHistory, []);

export function rememberSpaceCode(code: string): string[] {
  const history = remember(spaceCodeHistory(), code);
  writeJson(STORAGE_KEYS.spaceCodeHistory, history);
  return history;
}

export function forgetSpaceCode(code: string): string[] {
  const history = spaceCodeHistory().filter((item) => item !== code);
  writeJson(STORAGE_KEYS.spaceCodeHistory, history);
  return history;
}

/** Personal account names used before on this browser, per space. */
export const accountNamesFor = (spaceCode: string): string[] => readJson<Record<string, string[]>>(STORAGE_KEYS.accountNameHistory, {})[spaceCode] ?? [];

export function rememberAccountName(spaceCode: string, name: string): void {
  const all = readJson<Record<string, string[]>>(STORAGE_KEYS.accountNameHistory, {});
  writeJson(STORAGE_KEYS.accountNameHistory, { ...all, [spaceCode]: remember(all[spaceCode] ?? [], name) });
}

export function forgetAccountName(spaceCode: string, name: string): string[] {
  const all = readJson<Record<string, string[]>>(STORAGE_KEYS.accountNameHistory, {});
  const names = (all[spaceCode] ?? []).filter((item) => item !== name);
  writeJson(STORAGE_KEYS.accountNameHistory, { ...all, [spaceCode]: names });
  return names;
}

/** Spec §2: the history filter is a case-insensitive substring match. */
export const filterHistory = (history: string[], input: string) => {
  const needle = input.trim().toLowerCase();
  return needle ? history.filter((item) => item.toLowerCase().includes(needle)) : history;
};
