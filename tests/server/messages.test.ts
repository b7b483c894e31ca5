import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasMessage, localize } from '../../server/http/messages';
import { LANGUAGES } from '../../model/schemas/languages';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NAMESPACES = new Set(readdirSync(path.join(ROOT, 'locales/zh_CN')).map((file) => file.replace(/\.json$/, '')));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : /\.tsx?$/.test(name) ? [file] : [];
  });

/** Every whole `'namespace:key'` literal of a catalogue namespace in the server and the shared schemas: what the server can send, or name in a message. */
const literalKeys = () =>
  [
    ...new Set(
      [...sources(path.join(ROOT, 'server')), ...sources(path.join(ROOT, 'model/schemas'))].flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(['"`])([A-Za-z]+):([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)\1/g)]
          .filter((match) => NAMESPACES.has(match[2]!))
          .map((match) => `${match[2]}:${match[3]}`),
      ),
    ),
  ].sort();

describe('the messages the server sends', () => {
  it('are found as literals (the scan works)', () => {
    expect(literalKeys()).toEqual(expect.arrayContaining(['validation:nul', 'validation:invalidType', 'errors:badRequest', 'bag:fields.bagName']));
  });

  it('every message key the server and the shared schemas name exists as a text in both catalogues', () => {
    const missing = literalKeys().filter((key) => !hasMessage(key));
    expect(missing).toEqual([]);
  });

  it('none comes back as the key itself, or empty, in any language', () => {
    const params = { label: 'common:id', min: 1, max: 2, action: 'common:delete', state: 'common:done' };
    const untranslated = literalKeys().flatMap((key) => {
      const text = localize(key, params);
      return LANGUAGES.filter((language) => text[language] === key || text[language] === '').map((language) => `${language} ${key}`);
    });
    expect(untranslated).toEqual([]);
  });
});
