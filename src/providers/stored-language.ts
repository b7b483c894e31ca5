import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../model/schemas/languages';
import { STORAGE_KEYS } from './storage-keys';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The language chosen last on this browser, or the default: what i18next starts in, and the document's frame shows. */
export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
