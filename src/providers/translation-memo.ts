import type { i18n as I18n } from 'i18next';

/** The options of a plain lookup: what react-i18next's bound `t` adds to a bare key, and a fallback text. */
const PLAIN_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix', 'defaultValue']);

/** An option's value as part of a cache key: absent, a text or a list of texts; undefined for anything else. */
function part(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join(',') : undefined;
}

/** The cache key of a call whose answer depends only on the catalogues and the language; undefined for any other call. */
function plainKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return undefined;
  const parts = [key];
  for (const [name, value] of Object.entries(options)) {
    const text = part(value);
    if (!PLAIN_OPTIONS.has(name) || text === undefined) return undefined;
    parts.push(`${name}=${text}`);
  }
  return parts.join('\u0000');
}

/**
 * Remembers the answers of plain lookups. i18next resolves every call afresh (its
 * language list, namespaces, key path, fallbacks), about 60 µs a call on a cold page; a list asks
 * for the same few labels for every row (view, edit, delete, copy, a status), some 400 calls to
 * draw one. An answer is forgotten when the language changes or a catalogue is added or removed;
 * calls with interpolation, plurals or objects always go to i18next.
 */
export function memoiseTranslations(instance: I18n): void {
  const translate = instance.t.bind(instance);
  const answers = new Map<string, string>();
  const forget = () => answers.clear();
  instance.on('languageChanged', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  const memoised = (key: unknown, options?: unknown) => {
    const cacheKey = plainKey(key, options);
    const known = cacheKey === undefined ? undefined : answers.get(cacheKey);
    if (known !== undefined) return known;
    const answer: unknown = translate(key as string, options as Record<string, unknown>);
    if (cacheKey !== undefined && typeof answer === 'string') answers.set(cacheKey, answer);
    return answer;
  };
  instance.t = memoised as unknown as I18n['t'];
}
