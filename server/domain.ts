import type { AppContext } from './context';
import type { HookTable } from './engine/hooks';
import { setUpModules, type DomainModule, type SetUpModules } from './engine/module';
import { recordService } from './engine/record-service';
import type { ApiResource } from './engine/registry';
import { reachOf } from './engine/scope';
import { entities } from '../model/schemas/index';

export interface DomainOptions extends Omit<AppContext, 'reach' | 'records'> {
  /** The entities served. */
  resources: ApiResource[];
  /** The domains' behaviour, in the order their hooks run. */
  modules: readonly DomainModule[];
  /** Where a failed after-commit effect is reported (the write itself stands). */
  onEffectError?: (error: unknown) => void;
}

/** One app's context, and its modules set up over it. */
export interface Domain extends Omit<SetUpModules, 'hooks'> {
  context: AppContext;
}

/**
 * The app's context and every module set up with it, once per app. The record service the modules
 * are given writes through the hooks they return: it holds the hook table by reference, filled once
 * every setup has returned (a setup makes its parts; it writes nothing).
 */
export function setUpDomain({ resources, modules, onEffectError, ...given }: DomainOptions): Domain {
  const reach = reachOf(resources);
  const hooks: HookTable = {};
  const records = recordService({ db: given.db, reach, hooks, clock: given.clock, storage: given.storage, onEffectError });
  const context: AppContext = { ...given, reach, records };
  const entityNames = new Set([...entities, ...resources.map((resource) => resource.entity)].map((entity) => entity.name));
  const { hooks: returned, ...parts } = setUpModules(modules, context, entityNames);
  Object.assign(hooks, returned);
  return { context, ...parts };
}
