import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type LocalizedText } from '../../model/schemas/languages';

/** The server speaks from the console's own catalogues (locales/), so no message is written twice. */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function loadResources() {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        readdirSync(path.join(LOCALES, language))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8'))]),
      ),
    ]),
  );
}

const catalogue = i18next.createInstance();
void catalogue.init({ resources: loadResources(), fallbackLng: 'zh_CN', initAsync: false, showSupportNotice: false, interpolation: { escapeValue: false } });
const translators = Object.fromEntries(LANGUAGES.map((language) => [language, catalogue.getFixedT(language)])) as Record<(typeof LANGUAGES)[number], TFunction>;

/** Whether every language's catalogue holds this key (`namespace:key.path`) as a text. */
export function hasMessage(key: string): boolean {
  const colon = key.indexOf(':');
  if (colon < 1) return false;
  return LANGUAGES.every((language) => typeof catalogue.getResource(language, key.slice(0, colon), key.slice(colon + 1)) === 'string');
}

/** Params that carry i18n keys (a field's label, an action, a state), translated before they are put in. */
const KEYED_PARAMS = ['label', 'action', 'state', 'by'];

/** A message in every language. */
export function localize(key: string, params: Record<string, unknown> = {}): LocalizedText {
  const text = (language: (typeof LANGUAGES)[number]) => {
    const t = translators[language];
    const translated = Object.fromEntries(KEYED_PARAMS.flatMap((name) => (typeof params[name] === 'string' ? [[name, t(params[name] as string)]] : [])));
    return t(key, { ...params, ...translated }) as string;
  };
  return { zh_CN: text('zh_CN'), en_US: text('en_US') };
}
