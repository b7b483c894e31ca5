import { entityInfo, entityNamespaces, entityReferrers, type EntityInfo } from '../schemas/engine/info';
import { entities } from '../schemas/index';

/** What the console knows of an entity before its pages load. */
export interface EntityDirectoryEntry {
  /** The field that names its records. */
  title: string;
  /** The locale namespaces its pages use: its own and those of the entities it links with. */
  namespaces: string[];
  /** The fields of other entities that point at it, as [entity, field]: its record's page lists their records. */
  referrers: [string, string][];
  /** Its info (its declaration without the validators). */
  load: () => Promise<{ default: EntityInfo }>;
}

/**
 * Every entity, by name. The build puts its own code in place of this module's
 * (scripts/entity-info.ts): the same directory made at build time from the declarations, each
 * entity's info a chunk of its own, so a list page loads neither the other declarations nor the
 * validator (issue #11). Run as written (unit tests, tools), it makes the directory from them here.
 */
const infos = entities.map(entityInfo);
export const entityDirectory: Record<string, EntityDirectoryEntry> = Object.fromEntries(
  infos.map((info) => [
    info.name,
    { title: info.title, namespaces: entityNamespaces(info, infos), referrers: entityReferrers(info, infos), load: async () => ({ default: info }) },
  ]),
);
