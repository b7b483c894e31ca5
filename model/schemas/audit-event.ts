import { auditedEntities } from './audited-entities';
import { AUDIT_EVENT } from './audit-trail';
import { defineEntity } from './engine/entity';
import { enumOf, integer, json, text } from './engine/fields';

/**
 * What happened to a record: who (a person, or the system), when, which record, and what changed.
 * Written by the record service on every create, update, delete and transition; nobody writes
 * one by hand. A space's trail is its own: its administrators read it, and the platform's
 * administrators read the platform's own (spaces and their quotas, images, templates, OTA packages,
 * the platform's accounts). Who did what when in a space, and the values written, are that space's
 * data, which the platform's system console does not show either (it shows spaces, quotas and
 * usage). Its `entity` options are the audited entities (model/schemas/audited-entities.ts).
 */
export const auditEvent = defineEntity({
  name: AUDIT_EVENT,
  table: 'audit_events',
  label: 'auditEvent:_',
  scope: 'tenant',
  title: 'recordTitle',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['entity', 'recordId'], ['action']],
  fields: {
    entity: enumOf(
      'auditEvent:fields.entity',
      auditedEntities.map((entity) => ({ value: entity.name, label: entity.label })),
      { edit: false, list: { width: 140 } },
    ),
    recordId: integer('auditEvent:fields.recordId', { edit: false, filter: 'equals', list: { width: 100 } }),
    recordTitle: text('auditEvent:fields.recordTitle', { max: 500, required: false, edit: false, filter: 'contains', list: { width: 220, ellipsis: true } }),
    action: enumOf(
      'auditEvent:fields.action',
      [
        { value: 'create', label: 'auditEvent:actions.create', color: 'green' },
        { value: 'update', label: 'auditEvent:actions.update', color: 'blue' },
        { value: 'transition', label: 'auditEvent:actions.transition', color: 'gold' },
        { value: 'delete', label: 'auditEvent:actions.delete', color: 'red' },
      ],
      { edit: false, list: { width: 100 } },
    ),
    /** The transition's name (disable, terminate, ...), for a transition. */
    transition: text('auditEvent:fields.transition', { max: 64, required: false, edit: false, filter: 'equals', list: { width: 120 } }),
    actorKind: enumOf(
      'auditEvent:fields.actorKind',
      [
        { value: 'person', label: 'auditEvent:actorKinds.person' },
        { value: 'system', label: 'auditEvent:actorKinds.system', color: 'purple' },
      ],
      { edit: false, list: { width: 100 } },
    ),
    /** Per field, [before, after]; a create has only after, a delete only before. */
    changes: json('auditEvent:fields.changes', { max: 1_000_000, edit: false, show: true }),
  },
});
