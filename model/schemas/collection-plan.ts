import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, text, textarea } from './engine/fields';

/** Spec §3 collection plan: what to record, when, how much, on which robot, by whom and where (spec §9 regions). */
export const collectionPlan = defineEntity({
  name: 'collection-plan',
  table: 'collection_plans',
  label: 'collectionPlan:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'scheduledDate', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('collectionPlan:fields.name', { max: 64, list: { width: 220 } }),
    project: text('collectionPlan:fields.project', { max: 64, filter: 'equals', list: { width: 140 } }),
    task: text('collectionPlan:fields.task', { max: 64, filter: 'equals', list: { width: 150 } }),
    model: text('collectionPlan:fields.model', { required: false, max: 64, filter: false, list: false }),
    scheduledDate: datetime('collectionPlan:fields.scheduledDate', { required: true }),
    targetCount: integer('collectionPlan:fields.targetCount', { min: 1, max: 1_000_000, required: true }),
    robotType: text('collectionPlan:fields.robotType', { max: 64, filter: 'equals', list: { width: 120 } }),
    robot: text('collectionPlan:fields.robot', { required: false, max: 64, filter: 'equals', list: false }),
    teleType: enumOf(
      'collectionPlan:fields.teleType',
      [
        { value: 'vr', label: 'collectionPlan:teleTypes.vr', color: 'geekblue' },
        { value: 'leader-follower', label: 'collectionPlan:teleTypes.leaderFollower', color: 'blue' },
        { value: 'motion-capture', label: 'collectionPlan:teleTypes.motionCapture', color: 'purple' },
        { value: 'spacemouse', label: 'collectionPlan:teleTypes.spacemouse', color: 'default' },
      ],
      { list: false },
    ),
    dcType: enumOf(
      'collectionPlan:fields.dcType',
      [
        { value: 'teleoperation', label: 'collectionPlan:dcTypes.teleoperation', color: 'blue' },
        { value: 'autonomous', label: 'collectionPlan:dcTypes.autonomous', color: 'green' },
        { value: 'human-demo', label: 'collectionPlan:dcTypes.humanDemo', color: 'orange' },
      ],
      { list: false },
    ),
    operator: text('collectionPlan:fields.operator', { required: false, max: 64, filter: 'equals', list: { width: 110 } }),
    region: enumOf('collectionPlan:fields.region', [
      { value: 'suzhou', label: 'collectionPlan:regions.suzhou' },
      { value: 'beijing', label: 'collectionPlan:regions.beijing' },
    ]),
    status: enumOf(
      'collectionPlan:fields.status',
      [
        { value: 'draft', label: 'collectionPlan:status.draft', color: 'default' },
        { value: 'active', label: 'collectionPlan:status.active', color: 'blue' },
        { value: 'done', label: 'collectionPlan:status.done', color: 'green' },
      ],
      { initial: 'draft' },
    ),
    description: textarea('collectionPlan:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      activate: { label: 'collectionPlan:actions.activate', from: ['draft'], to: 'active' },
      complete: { label: 'collectionPlan:actions.complete', from: ['active'], to: 'done', confirm: true },
    },
  },
});

export type CollectionPlan = EntityRecord<typeof collectionPlan>;
