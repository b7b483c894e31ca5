import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, tags, text, textarea } from './engine/fields';

/** The building blocks collection plans are made of: scenes, tasks, objects, actions. Spec §5: names have no slash and at most 32 characters. */
export const collectionElement = defineEntity({
  name: 'collection-element',
  table: 'collection_elements',
  label: 'collectionElement:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  // The name leads the key so a duplicate's 409 names it.
  unique: [['name', 'elementType']],
  fields: {
    name: text('collectionElement:fields.name', { max: 32, pattern: [/^[^/]*$/, 'collectionElement:rules.name'], list: { width: 200, copyable: true } }),
    elementType: enumOf('collectionElement:fields.elementType', [
      { value: 'scene', label: 'collectionElement:types.scene', color: 'purple' },
      { value: 'task', label: 'collectionElement:types.task', color: 'blue' },
      { value: 'object', label: 'collectionElement:types.object', color: 'cyan' },
      { value: 'action', label: 'collectionElement:types.action', color: 'orange' },
    ]),
    tags: tags('collectionElement:fields.tags'),
    description: textarea('collectionElement:fields.description'),
  },
});

export type CollectionElement = EntityRecord<typeof collectionElement>;
