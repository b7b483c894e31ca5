import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyEntity } from '../../../../model/schemas/engine/types';
import { entities } from '../../../../model/schemas/index';

/**
 * One name per entity: its declaration's `name` (kebab-case, the `{entity}` of its API path and
 * route table) gives its file (model/schemas/<name>.ts), its export (camelCase), its table
 * (snake_case, plural, as nearly every table is) and its locale namespace (camelCase, as nearly
 * every namespace is: locales/<language>/<namespace>.json).
 */
const declarations = import.meta.glob<Record<string, unknown>>('../../../../model/schemas/*.ts', { eager: true });
const LOCALES = path.resolve(__dirname, '../../../../locales');
const LANGUAGES = ['zh_CN', 'en_US'];

/** Nouns whose plural is themselves. */
const UNCOUNTABLE = new Set(['data', 'feedback']);

const words = (name: string) => name.split('-');
const camel = (name: string) =>
  words(name)
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
const plural = (word: string) =>
  UNCOUNTABLE.has(word) ? word : /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
const table = (name: string) => [...words(name).slice(0, -1), plural(words(name).at(-1)!)].join('_');

interface Forms {
  name: string;
  file: string;
  export: string;
  table: string;
  namespace: string;
}

const expected = (name: string): Forms => ({ name, file: name, export: camel(name), table: table(name), namespace: camel(name) });

/** Where and as what a declaration stands: the schema files that export it (the index only gathers them). */
function actual(entity: AnyEntity): Forms {
  const found = Object.entries(declarations)
    .filter(([file]) => path.basename(file) !== 'index.ts')
    .flatMap(([file, exports]) => Object.entries(exports).flatMap(([name, value]) => (value === entity ? [{ file: path.basename(file, '.ts'), name }] : [])));
  return {
    name: entity.name,
    file: found.map((where) => where.file).join(' + ') || '(no file)',
    export: found.map((where) => where.name).join(' + ') || '(no export)',
    table: entity.table,
    namespace: entity.label.split(':')[0]!,
  };
}

describe('the name of each declared entity', () => {
  it('the derivation follows the conventions', () => {
    expect(expected('ticket-team')).toEqual({ name: 'ticket-team', file: 'ticket-team', export: 'ticketTeam', table: 'ticket_teams', namespace: 'ticketTeam' });
    expect(expected('training-data')).toMatchObject({ table: 'training_data' });
    expect(expected('access-key')).toMatchObject({ table: 'access_keys' });
    expect([plural('box'), plural('policy'), plural('day')]).toEqual(['boxes', 'policies', 'days']);
  });

  it('is kebab-case', () => {
    expect(entities.map((entity) => entity.name).filter((name) => !/^[a-z]+(-[a-z]+)*$/.test(name))).toEqual([]);
  });

  it('is its file, its export, its table and its locale namespace: no entity drifts', () => {
    const drifters = entities.flatMap((entity) => {
      const is = actual(entity);
      const shouldBe = expected(entity.name);
      const differ = (Object.keys(shouldBe) as (keyof Forms)[]).filter((form) => is[form] !== shouldBe[form]);
      return differ.length ? [`${entity.name}: ${differ.map((form) => `${form} ${is[form]} (not ${shouldBe[form]})`).join(', ')}`] : [];
    });
    expect(drifters).toEqual([]);
  });

  it('has its locale namespace in every language', () => {
    const missing = entities.flatMap((entity) =>
      LANGUAGES.flatMap((language) => {
        const file = path.join(language, `${camel(entity.name)}.json`);
        return existsSync(path.join(LOCALES, file)) ? [] : [file];
      }),
    );
    expect(missing).toEqual([]);
  });
});
