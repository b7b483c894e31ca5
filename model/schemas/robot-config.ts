import { defineEntity, type EntityRecord } from './engine/entity';
import { enumOf, json, reference, text, textarea } from './engine/fields';

/**
 * A configuration meant for one robot. Spec §4: delivered or not delivered, and delivering needs
 * the robot to restart, so the action says so and asks first.
 */
export const robotConfig = defineEntity({
  name: 'robot-config',
  table: 'robot_configs',
  label: 'robotConfig:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['robotId', 'name']],
  fields: {
    robotId: reference('robotConfig:fields.robotId', 'robot', { required: true, list: { width: 150 } }),
    name: text('robotConfig:fields.name', { max: 100, list: { width: 200 } }),
    content: json('robotConfig:fields.content', { required: true }),
    status: enumOf(
      'robotConfig:fields.status',
      [
        { value: 'undelivered', label: 'robotConfig:status.undelivered', color: 'gold' },
        { value: 'delivered', label: 'robotConfig:status.delivered', color: 'green' },
      ],
      { initial: 'undelivered' },
    ),
    description: textarea('robotConfig:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      restartToDeliver: { label: 'robotConfig:actions.restartToDeliver', from: ['undelivered'], to: 'delivered', confirm: true },
    },
  },
});

export type RobotConfig = EntityRecord<typeof robotConfig>;
