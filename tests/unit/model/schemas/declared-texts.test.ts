import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyEntity, FieldDecl } from '../../../../model/schemas/engine/types';
import { entities } from '../../../../model/schemas/index';

/**
 * Every text a declaration names (its name, field labels and notes, option labels, actions, rule
 * messages) is a key both languages translate: a key without a text shows as the key itself.
 */
const LOCALES = path.resolve(__dirname, '../../../../locales');
const LANGUAGES = ['zh_CN', 'en_US'];

function textsOf(entity: AnyEntity): string[] {
  const fields = Object.values(entity.fields) as FieldDecl[];
  return [
    entity.label,
    ...fields.flatMap((field) => [field.label, ...(field.help ? [field.help] : []), ...(field.options ?? []).map((option) => option.label)]),
    ...Object.values(entity.states?.actions ?? {}).map((action) => action.label),
    ...(entity.rules ?? []).map((rule) => rule.message),
  ];
}

const namespaces = new Map<string, unknown>();
function translation(language: string, key: string): unknown {
  const [namespace, keyPath] = key.split(':') as [string, string];
  const file = `${language}/${namespace}`;
  if (!namespaces.has(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path.join(LOCALES, `${file}.json`), 'utf8'));
    } catch {
      parsed = undefined;
    }
    namespaces.set(file, parsed);
  }
  return keyPath
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), namespaces.get(file));
}

describe.each(LANGUAGES)('texts the declarations name, in %s', (language) => {
  it.each(entities.map((entity) => [entity.name, entity] as const))('%s: every key has a text', (_name, entity) => {
    const untranslated = textsOf(entity).filter((key) => typeof translation(language, key) !== 'string');
    expect(untranslated).toEqual([]);
  });
});
