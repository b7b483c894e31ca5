import { entityFacts, entityInfo, type EntityFacts, type EntityInfo } from '../../model/schemas/engine/info';
import { entities } from '../../model/schemas/index';

/** An entity's facts, and a loader of its info (its declaration without the validators). */
export interface EntityDirectoryEntry extends EntityFacts {
  load: () => Promise<{ default: EntityInfo }>;
}

/**
 * Every entity, by name. The build puts its own code in place of this module's
 * (scripts/entity-info.ts): the same directory made at build time from the declarations, each
 * entity's info a chunk of its own, so a list page loads neither the other declarations nor the
 * validator. Run as written (unit tests, tools), it makes the directory from them here.
 */
const infos = entities.map(entityInfo);
export const entityDirectory: Record<string, EntityDirectoryEntry> = Object.fromEntries(
  infos.map((info) => [info.name, { ...entityFacts(info, infos), load: async () => ({ default: info }) }]),
);
