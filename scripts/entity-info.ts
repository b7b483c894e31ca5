import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { entityFacts, entityInfo } from '../model/schemas/engine/info.ts';
import type { AnyEntity } from '../model/schemas/engine/types.ts';

const SCHEMAS = path.resolve(import.meta.dirname, '../model/schemas/index.ts');
/** The module the build writes (it reads the declarations, with zod, when run as written). */
export const ENTITY_DIRECTORY = path.resolve(import.meta.dirname, '../src/providers/entity-directory.ts');
/** An entity's info module: `virtual:entity-info/bag.info` (its chunk is named `bag.info`). */
const ONE = 'virtual:entity-info/';
const SUFFIX = '.info';

/** The directory's code: each entity's facts (title, namespaces, referrers, transitions), and a loader of its info. */
export function directoryModule(entities: readonly AnyEntity[]): string {
  const infos = entities.map(entityInfo);
  const known = Object.fromEntries(infos.map((info) => [info.name, entityFacts(info, infos)]));
  const loaders = infos.map(({ name }) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(ONE + name + SUFFIX)}),`);
  return [
    `const known = ${JSON.stringify(known)};`,
    `const loaders = {\n${loaders.join('\n')}\n};`,
    'export const entityDirectory = Object.fromEntries(Object.entries(known).map(([name, entry]) => [name, { ...entry, load: loaders[name] }]));',
    '',
  ].join('\n');
}

/** One entity's info module. */
export const infoModule = (entity: AnyEntity) => `export default ${JSON.stringify(entityInfo(entity))};\n`;

/**
 * Writes src/app/entity-directory.ts from the declarations at build time: their titles and locale
 * namespaces, and one chunk per entity of its info (its declaration without zod, as
 * src/schemas/engine/info.ts takes it), so a list page loads its own entity's few fields rather
 * than every declaration and the validator. The declarations are watched.
 */
export function entityInfoModules(): Plugin {
  let declared: Promise<{ entities: AnyEntity[]; dependencies: string[] }> | undefined;
  const declarations = () =>
    (declared ??= runnerImport<{ entities: AnyEntity[] }>(SCHEMAS, { configFile: false, logLevel: 'warn' }).then(({ module, dependencies }) => ({
      entities: module.entities,
      dependencies,
    })));
  return {
    name: 'edp-entity-info',
    resolveId: (id) => (id.startsWith(ONE) ? `\0${id}` : undefined),
    watchChange(id) {
      if (id.startsWith(path.dirname(SCHEMAS))) declared = undefined;
    },
    async load(id) {
      const one = id.startsWith(`\0${ONE}`);
      if (!one && path.resolve(id.split('?')[0]!) !== ENTITY_DIRECTORY) return undefined;
      const { entities, dependencies } = await declarations();
      for (const file of [SCHEMAS, ...dependencies]) this.addWatchFile(file);
      if (!one) return directoryModule(entities);
      const entity = entities.find((candidate) => `\0${ONE}${candidate.name}${SUFFIX}` === id);
      return entity ? infoModule(entity) : undefined;
    },
  };
}
