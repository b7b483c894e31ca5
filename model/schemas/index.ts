import { auditEvent } from './audit-event';
import { auditedEntities } from './audited-entities';
import type { AnyEntity } from './engine/types';

/** Every declared entity: the server makes a table and an API for each. */
export const entities: AnyEntity[] = [...auditedEntities, auditEvent];

export const entityByName = new Map(entities.map((entity) => [entity.name, entity]));
