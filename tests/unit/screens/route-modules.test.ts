import { describe, expect, it } from 'vitest';
import { routeEntries } from '../../../model/resources/index';
import { BULK_TOOLS, LIST_TOOLS, moduleLoader, PAGES, RECORD_PARTS } from '../../../src/screens/route-modules';

/** The module names the route table uses, by the registry that must resolve them. */
const named = {
  PAGES: routeEntries.flatMap((entry) => (entry.page ? [entry.page] : [])),
  LIST_TOOLS: routeEntries.flatMap((entry) => entry.tools ?? []),
  BULK_TOOLS: routeEntries.flatMap((entry) => entry.bulkTools ?? []),
  RECORD_PARTS: routeEntries.flatMap((entry) => [...(entry.rowParts ?? []), ...(entry.showParts?.header ?? []), ...(entry.showParts?.body ?? [])]),
};
const registries = { PAGES, LIST_TOOLS, BULK_TOOLS, RECORD_PARTS };

describe('the modules the route table names', () => {
  it.each(Object.entries(registries))('%s resolves every name the table uses, and holds no name it does not', (kind, registry) => {
    const used = new Set(named[kind as keyof typeof named]);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !(name in registry))).toEqual([]);
    expect(Object.keys(registry).filter((name) => !used.has(name))).toEqual([]);
  });

  it('each name is the path of its module under src/screens/pages, and each module draws a component', async () => {
    for (const registry of Object.values(registries))
      for (const [name, load] of Object.entries(registry)) {
        expect(load.toString()).toContain(`pages/${name}`);
        expect((await load()).default).toBeTypeOf('function');
      }
  }, 60_000);

  it('tells at once of a name it does not know', () => {
    expect(() => moduleLoader(PAGES, 'console/nowhere')).toThrow(/console\/nowhere/);
  });
});
