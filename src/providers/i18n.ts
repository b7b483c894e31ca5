import i18next from 'i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LocalizedText } from '../../model/schemas/languages';
import { CORE_NAMESPACES } from './core-namespaces';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from './storage-keys';
import { isLanguage, storedLanguage } from './stored-language';
import { memoiseTranslations } from './translation-memo';

/** Catalogues load per language on demand (locales/<language>/<namespace>.json). */
const catalogues = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

export const i18n = i18next.createInstance();

type Fetched = Promise<[namespace: string, resources: Record<string, unknown>][]>;

/** Starts loading the catalogues of these namespaces not yet in the store; adding them is addCatalogues'. */
function fetchCatalogues(language: Language, namespaces: readonly string[]): Fetched {
  const prefix = `../../locales/${language}/`;
  return Promise.all(
    namespaces
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .flatMap((namespace) => {
        const load = catalogues[`${prefix}${namespace}.json`];
        return load ? [load().then((resources) => [namespace, resources] as [string, Record<string, unknown>])] : [];
      }),
  );
}

async function addCatalogues(language: Language, fetched: Fetched): Promise<void> {
  for (const [namespace, resources] of await fetched) i18n.addResourceBundle(language, namespace, resources, true, true);
}

const loadCatalogue = (language: Language, namespaces: readonly string[]) => addCatalogues(language, fetchCatalogues(language, namespaces));

/**
 * Loads these namespaces in the current language and its fallback (a page's catalogues, before it
 * renders). Asked before i18next is set up (a cold route's texts, route-data.ts), they are fetched
 * beside its own catalogues and added once it is: waiting for those first made a cold list's texts
 * a third step of requests after the entry.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const language = i18n.isInitialized ? currentLanguage() : storedLanguage();
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  const fetched = languages.map((each) => [each, fetchCatalogues(each, namespaces)] as const);
  for (const [, catalogue] of fetched) catalogue.catch(() => undefined); // its failure is met below, after the setup, not reported meanwhile as unhandled
  await initI18n();
  for (const [each, catalogue] of fetched) await addCatalogues(each, catalogue);
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
