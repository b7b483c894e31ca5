import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, text, textarea } from './engine/fields';

/** Spec §3 collection plan: what to record, when, how much, on which robot, by whom and where (spec §9 regions). */
export const collectionPlan = defineEntity({
  name: 'collection-plan',
  table: 'collection_plans',
  label: 'collectPlan:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'scheduledDate', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('collectPlan:fields.name', { max: 64, list: { width: 220 } }),
    project: text('collectPlan:fields.project', { max: 64, filter: 'equals', list: { width: 140 } }),
    task: text('collectPlan:fields.task', { max: 64, filter: 'equals', list: { width: 150 } }),
    model: text('collectPlan:fields.model', { required: false, max: 64, filter: false, list: false }),
    scheduledDate: datetime('collectPlan:fields.scheduledDate', { required: true }),
    targetCount: integer('collectPlan:fields.targetCount', { min: 1, max: 1_000_000, required: true }),
    robotType: text('collectPlan:fields.robotType', { max: 64, filter: 'equals', list: { width: 120 } }),
    robot: text('collectPlan:fields.robot', { required: false, max: 64, filter: 'equals', list: false }),
    teleType: enumOf(
      'collectPlan:fields.teleType',
      [
        { value: 'vr', label: 'collectPlan:teleTypes.vr', color: 'geekblue' },
        { value: 'leader-follower', label: 'collectPlan:teleTypes.leaderFollower', color: 'blue' },
        { value: 'motion-capture', label: 'collectPlan:teleTypes.motionCapture', color: 'purple' },
        { value: 'spacemouse', label: 'collectPlan:teleTypes.spacemouse', color: 'default' },
      ],
      { list: false },
    ),
    dcType: enumOf(
      'collectPlan:fields.dcType',
      [
        { value: 'teleoperation', label: 'collectPlan:dcTypes.teleoperation', color: 'blue' },
        { value: 'autonomous', label: 'collectPlan:dcTypes.autonomous', color: 'green' },
        { value: 'human-demo', label: 'collectPlan:dcTypes.humanDemo', color: 'orange' },
      ],
      { list: false },
    ),
    operator: text('collectPlan:fields.operator', { required: false, max: 64, filter: 'equals', list: { width: 110 } }),
    region: enumOf('collectPlan:fields.region', [
      { value: 'suzhou', label: 'collectPlan:regions.suzhou' },
      { value: 'beijing', label: 'collectPlan:regions.beijing' },
    ]),
    status: enumOf(
      'collectPlan:fields.status',
      [
        { value: 'draft', label: 'collectPlan:status.draft', color: 'default' },
        { value: 'active', label: 'collectPlan:status.active', color: 'blue' },
        { value: 'done', label: 'collectPlan:status.done', color: 'green' },
      ],
      { initial: 'draft' },
    ),
    description: textarea('collectPlan:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      activate: { label: 'collectPlan:actions.activate', from: ['draft'], to: 'active' },
      complete: { label: 'collectPlan:actions.complete', from: ['active'], to: 'done', confirm: true },
    },
  },
});

export type CollectionPlan = EntityRecord<typeof collectionPlan>;
