import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, integer, json, reference, text, textarea } from './engine/fields';

/** Kept by the server as the robot answers, never typed by a person. */
const answered = { edit: false } as const;

/** Spec §4 "delivered or not delivered", with the robot's own word on the way there. */
export const DELIVERY_STATES = [
  { value: 'undelivered', label: 'robotConfig:status.undelivered', color: 'gold' },
  { value: 'sent', label: 'robotConfig:status.sent', color: 'blue' },
  { value: 'restartNeeded', label: 'robotConfig:status.restartNeeded', color: 'orange' },
  { value: 'rejected', label: 'robotConfig:status.rejected', color: 'red' },
  { value: 'failed', label: 'robotConfig:status.failed', color: 'red' },
  { value: 'delivered', label: 'robotConfig:status.delivered', color: 'green' },
] as const;

export type DeliveryState = (typeof DELIVERY_STATES)[number]['value'];

/**
 * A named configuration one robot should run. Each change of its content is a new version, not
 * delivered until the robot's next heartbeat takes it and the robot reports running it; a change
 * the robot can only take by restarting waits as "restart needed" (spec §4) until it has.
 */
export const robotConfig = defineEntity({
  name: 'robot-config',
  table: 'robot_configs',
  label: 'robotConfig:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'updatedTime', order: 'desc' },
  unique: [['robotId', 'name']],
  indexes: [['status']],
  fields: {
    robotId: reference('robotConfig:fields.robotId', 'robot', { required: true, edit: 'create', list: { width: 150 } }),
    name: text('robotConfig:fields.name', {
      max: 100,
      edit: 'create',
      pattern: [/^[A-Za-z0-9_.-]+$/, 'robotConfig:rules.name'],
      example: (n) => `config-${n}`,
      list: { width: 180 },
    }),
    content: json('robotConfig:fields.content', { required: true, help: 'robotConfig:help.content' }),
    version: integer('robotConfig:fields.version', { ...answered, filter: false, list: { width: 90 } }),
    status: enumOf('robotConfig:fields.status', DELIVERY_STATES, { initial: 'undelivered', list: { width: 130 } }),
    message: text('robotConfig:fields.message', { ...answered, required: false, max: 500, filter: false, list: { width: 220, ellipsis: true } }),
    answeredTime: datetime('robotConfig:fields.answeredTime', answered),
    description: textarea('robotConfig:fields.description'),
  },
  states: {
    field: 'status',
    actions: {
      // Sends the same version again with the next heartbeat, once what stood in its way is fixed on the robot.
      redeliver: { label: 'robotConfig:actions.redeliver', from: ['sent', 'rejected', 'failed'], to: 'undelivered', confirm: true },
    },
  },
  rules: [
    // A robot reads its configuration as an object of settings; a bare number or list is a mistake.
    {
      field: 'content',
      message: 'robotConfig:rules.object',
      holds: (values) => {
        if (typeof values.content !== 'string' || values.content.trim() === '') return true;
        try {
          const parsed: unknown = JSON.parse(values.content);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        } catch {
          return true; // the field's own rule says it is not JSON
        }
      },
    },
  ],
});

export type RobotConfig = EntityRecord<typeof robotConfig>;
