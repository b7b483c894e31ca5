import { isHookKind, type EntityHooks } from './hooks';

/** `*`: hooks that run for every entity (the audit trail). */
const EVERY_ENTITY = '*';

/**
 * A module's hooks, held to what exists: each key an entity the app declares (or `*`), each hook
 * one of the kinds the record service runs. A misspelt one would be silently skipped at every
 * write, so it stops the start, naming the module and the key.
 */
export function checkHooks(moduleName: string, hooks: Record<string, EntityHooks>, entityNames: ReadonlySet<string>): void {
  for (const [entity, entityHooks] of Object.entries(hooks)) {
    if (entity !== EVERY_ENTITY && !entityNames.has(entity))
      throw new Error(`the ${moduleName} module hooks the entity "${entity}", which model/schemas does not declare`);
    for (const kind of Object.keys(entityHooks))
      if (!isHookKind(kind)) throw new Error(`the ${moduleName} module's hooks of "${entity}" have a kind "${kind}" the record service does not run`);
  }
}
