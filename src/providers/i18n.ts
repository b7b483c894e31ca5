import i18next from 'i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LocalizedText } from '../schemas/languages';
import { CORE_NAMESPACES } from './core-namespaces';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from './storage-keys';
import { memoiseTranslations } from './translation-memo';

/** Catalogues load per language on demand (locales/<language>/<namespace>.json). */
const catalogues = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

export const i18n = i18next.createInstance();

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function loadCatalogue(language: Language, namespaces: readonly string[]): Promise<void> {
  const prefix = `../../locales/${language}/`;
  await Promise.all(
    namespaces
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const load = catalogues[`${prefix}${namespace}.json`];
        if (load) i18n.addResourceBundle(language, namespace, await load(), true, true);
      }),
  );
}

/** Loads these namespaces in the current language and its fallback (a page's catalogues, before it renders). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await initI18n(); // a route's texts may be asked for before the entry has set the language up (route-data.ts)
  const language = currentLanguage();
  await loadCatalogue(language, namespaces);
  if (language !== DEFAULT_LANGUAGE) await loadCatalogue(DEFAULT_LANGUAGE, namespaces);
}

export const hasNamespaces = (namespaces: readonly string[]) => namespaces.every((namespace) => i18n.hasResourceBundle(currentLanguage(), namespace));

/** Once: its init starts from an empty store, which would drop what was loaded before it. */
let initialised: Promise<void> | undefined;
export const initI18n = (): Promise<void> => (initialised ??= init());

async function init(): Promise<void> {
  const language = storedLanguage();
  await i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: [],
    resources: {},
    interpolation: { escapeValue: false },
    // Said, though they are the defaults: i18next then takes every key as `namespace:path`, skipping
    // a per-call test of whether the key is natural language: 13 of a list switch's 470 ms in a CPU profile.
    nsSeparator: ':',
    keySeparator: '.',
    showSupportNotice: false,
  });
  memoiseTranslations(i18n);
  await loadCatalogue(language, CORE_NAMESPACES);
  if (language !== DEFAULT_LANGUAGE) await loadCatalogue(DEFAULT_LANGUAGE, CORE_NAMESPACES); // the fallback
  document.documentElement.lang = language.replace('_', '-');
}

/** Switches language and remembers it under `i18nextLng` and the `i18next` cookie. */
export async function changeLanguage(language: Language): Promise<void> {
  // Whatever the pages seen so far loaded, in the new language too.
  await loadCatalogue(language, [...new Set([...CORE_NAMESPACES, ...Object.keys(i18n.store.data[currentLanguage()] ?? {})])]);
  await i18n.changeLanguage(language);
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  document.documentElement.lang = language.replace('_', '-');
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** A server message map in the current language (spec §8: default zh_CN). */
export const pickMessage = (message: unknown): string | undefined => {
  if (typeof message === 'string') return message || undefined;
  if (message && typeof message === 'object') {
    const map = message as Partial<LocalizedText>;
    return map[currentLanguage()] || map[DEFAULT_LANGUAGE] || undefined;
  }
  return undefined;
};

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === 'object' ? options : {}) }) as string,
  changeLocale: (locale) => changeLanguage(isLanguage(locale) ? locale : DEFAULT_LANGUAGE),
  getLocale: currentLanguage,
};
