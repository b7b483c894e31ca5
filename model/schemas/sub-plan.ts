import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, integer, reference, text } from './engine/fields';

/** A collection plan's share for one robot and operator; the plan's page lists its sub plans. */
export const subPlan = defineEntity({
  name: 'sub-plan',
  table: 'sub_plans',
  label: 'subPlan:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['planId']],
  fields: {
    name: text('subPlan:fields.name', { max: 64, list: { width: 200 } }),
    planId: reference('subPlan:fields.planId', 'collection-plan', { required: true }),
    targetCount: integer('subPlan:fields.targetCount', { min: 1, max: 1_000_000, required: true }),
    collectedCount: integer('subPlan:fields.collectedCount', { max: 1_000_000 }),
    robot: text('subPlan:fields.robot', { max: 64, filter: 'equals', list: { width: 130 } }),
    operator: text('subPlan:fields.operator', { max: 64, filter: 'equals', list: { width: 110 } }),
    status: enumOf(
      'subPlan:fields.status',
      [
        { value: 'pending', label: 'subPlan:status.pending', color: 'default' },
        { value: 'collecting', label: 'subPlan:status.collecting', color: 'blue' },
        { value: 'done', label: 'subPlan:status.done', color: 'green' },
      ],
      { initial: 'pending' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      start: { label: 'subPlan:actions.start', from: ['pending'], to: 'collecting' },
      finish: { label: 'subPlan:actions.finish', from: ['collecting'], to: 'done', confirm: true },
    },
  },
});

export type SubPlan = EntityRecord<typeof subPlan>;
