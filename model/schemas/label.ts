import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, text, textarea } from './engine/fields';

/**
 * A label a space gives its raw data: failure reasons (spec §1: Drop Error, Object Too Small, Bag End
 * Too Early), quality, scene; and the reasons its managers send labelling work back for.
 */
export const label = defineEntity({
  name: 'label',
  table: 'labels',
  label: 'label:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('label:fields.name', { max: 64, list: { width: 200 } }),
    labelType: enumOf('label:fields.labelType', [
      { value: 'failure', label: 'label:types.failure', color: 'red' },
      { value: 'quality', label: 'label:types.quality', color: 'blue' },
      { value: 'scene', label: 'label:types.scene', color: 'purple' },
      // Why a manager sends a labelling job back.
      { value: 'rework', label: 'label:types.rework', color: 'orange' },
    ]),
    description: textarea('label:fields.description'),
  },
});

export type Label = EntityRecord<typeof label>;
