import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { EntityHooks } from '../../server/engine/hooks';
import type { DomainModule } from '../../server/engine/module';
import { DOMAIN_MODULES } from '../../server/modules/index';
import { useTestApp } from './helpers/test-app';

/** Each module is set up by its app at start; what it hooks is held to the declared entities and the kinds of hook there are. */
const { t } = useTestApp();

const appWith = (extra: DomainModule) =>
  buildApp({ db: t.database.db, kind: t.database.kind, config: t.config, clock: t.clock, storage: t.storage, modules: [...DOMAIN_MODULES, extra] });

const hooking = (name: string, hooks: Record<string, EntityHooks>): DomainModule => ({ name, setup: () => ({ hooks }) });

describe("a module's hooks, at start", () => {
  it('stop the start when they name an entity model/schemas does not declare, naming the module and the key', async () => {
    await expect(appWith(hooking('misspelt', { bags: { afterCreate: async () => {} } }))).rejects.toThrow(
      'the misspelt module hooks the entity "bags", which model/schemas does not declare',
    );
  });

  it('stop the start when a hook is of a kind the record service does not run, naming the module, the entity and the kind', async () => {
    const unknownKind = { beforeInsert: () => {} } as unknown as EntityHooks;
    await expect(appWith(hooking('eager', { bag: unknownKind }))).rejects.toThrow(`the eager module's hooks of "bag" have a kind "beforeInsert"`);
  });

  it('start when every key is a declared entity or `*` and every hook a known kind', async () => {
    const app = await appWith(hooking('watchful', { '*': { afterDelete: async () => {} }, bag: { beforeCreate: () => {}, afterTransition: async () => {} } }));
    await app.http.close();
  });
});

describe('two apps in one process', () => {
  it('set each module up once each, each with its own context and record service', async () => {
    const contexts: unknown[] = [];
    const counting: DomainModule = {
      name: 'counting',
      setup: (context) => {
        contexts.push(context);
        return {};
      },
    };
    const first = await appWith(counting);
    const second = await appWith(counting);
    expect(contexts).toHaveLength(2);
    expect(contexts[0]).not.toBe(contexts[1]);
    expect(contexts.map((context) => (context as { records: unknown }).records)).toEqual([first.records, second.records]);
    expect(first.records).not.toBe(second.records);
    await first.http.close();
    await second.http.close();
  });
});

describe('the modules', () => {
  /** A `let` at the top of a file, or a collection made empty there, is state every app of the process would share. */
  const SHARED_STATE = /^(export )?(let|var) |^(export )?const \w+(: [^=]+)? = new (Map|Set|WeakMap|WeakSet|EventEmitter)(<[^>]*>)?\(\)/;

  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
    );

  it('keep no state at module level: what they hold is made by their setup, once per app', () => {
    const root = path.resolve(__dirname, '../../server/modules');
    const shared = filesUnder(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => SHARED_STATE.test(line))
        .map((line) => `${path.relative(root, file)}: ${line}`),
    );
    expect(shared).toEqual([]);
  });
});
