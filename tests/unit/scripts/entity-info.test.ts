import { describe, expect, it } from 'vitest';
import { directoryModule, ENTITY_DIRECTORY, entityInfoModules, infoModule } from '../../../scripts/entity-info';
import { entityDirectory } from '../../../src/providers/entity-directory';
import { entityInfo, listView } from '../../../model/schemas/engine/info';
import type { FieldDecl } from '../../../model/schemas/engine/types';
import { entities } from '../../../model/schemas/index';

/** The module the build writes in place of src/app/entity-directory.ts, and its chunk of one entity's info. */
const built = {
  directory: JSON.parse(/^const known = (.*);$/m.exec(directoryModule(entities))![1]!) as Record<string, { title: string; namespaces: string[] }>,
  info: (name: string) => JSON.parse(/^export default (.*);$/m.exec(infoModule(entities.find((entity) => entity.name === name)!))![1]!),
};

describe("the entities' info for the console's pages", () => {
  it('is what the directory makes of the declarations when run as written: titles, namespaces, info', async () => {
    expect(Object.keys(built.directory).sort()).toEqual(Object.keys(entityDirectory).sort());
    for (const entity of entities) {
      const { load, ...known } = entityDirectory[entity.name]!;
      expect(built.directory[entity.name], entity.name).toEqual(known);
      expect(built.info(entity.name), entity.name).toEqual(JSON.parse(JSON.stringify((await load()).default)));
    }
  });

  it('holds each declaration without its validators, listing, filtering and acting as the declaration does', () => {
    for (const entity of entities) {
      const info = built.info(entity.name);
      expect(built.directory[entity.name]!.title).toBe(entity.title);
      expect(listView(info), entity.name).toEqual(listView(entity));
      expect(info.states, entity.name).toEqual(entity.states && JSON.parse(JSON.stringify(entity.states)));
      for (const [name, field] of Object.entries(entity.fields as Record<string, FieldDecl>)) {
        expect(info.fields[name], `${entity.name}.${name}`).not.toHaveProperty('input');
        expect(info.fields[name].filter, `${entity.name}.${name}`).toEqual(field.filter);
        expect(info.fields[name].edit, `${entity.name}.${name}`).toEqual(field.edit);
      }
      expect(JSON.stringify(entityInfo(entity))).not.toContain('"_zod"');
    }
  });

  it("gives a list its entity's namespaces and those it links to; a record's page, those of the entities linking to it too (their lists are on it)", () => {
    const { namespaces, recordNamespaces, referrers } = entityDirectory.bag!;
    expect(referrers.map(([other]) => other)).toEqual([
      'structured-data',
      'structured-version-member',
      'version-member',
      'dataset-item',
      'ticket-item',
      'annotation',
      'file-upload',
    ]);
    expect(namespaces).toEqual(['bag']);
    expect(recordNamespaces).toEqual([
      'bag',
      'structuredData',
      'structuredDataset',
      'structuredVersionMember',
      'versionMember',
      'datasetItem',
      'ticketItem',
      'annotation',
      'fileUpload',
    ]);
    // a ticket's item links to a recording: its list reads the bag's texts (its reference column), not those of what links to it
    expect(entityDirectory['ticket-item']!.namespaces).toContain('bag');
  });

  it('is written in place of the directory, and of each info chunk, by the build', async () => {
    const plugin = entityInfoModules();
    const context = { addWatchFile: () => undefined };
    const load = (id: string) => (plugin.load as unknown as (this: typeof context, id: string) => Promise<string | undefined>).call(context, id);
    const resolve = plugin.resolveId as (id: string) => string | undefined;
    await expect(load(ENTITY_DIRECTORY)).resolves.toBe(directoryModule(entities));
    await expect(load(resolve('virtual:entity-info/bag.info')!)).resolves.toBe(infoModule(entities.find((entity) => entity.name === 'bag')!));
    await expect(load('/elsewhere.ts')).resolves.toBeUndefined();
  }, 30_000);
});
