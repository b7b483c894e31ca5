import { defineEntity, type EntityRecord } from './engine/entity';
import { decimal, duration, integer, tags, text, textarea } from './engine/fields';

const set = (value: unknown) => value !== null && value !== undefined;

/**
 * Spec §3 robot alarm rule: watches one topic on the robots, alarming when its frame rate drops
 * below a threshold or when it is lost a number of times within a time range, then staying quiet
 * for the cooldown. Spec §5: name, cooldown and lost topic required; the two alarms not both empty.
 */
export const alarmRule = defineEntity({
  name: 'alarm-rule',
  table: 'alarm_rules',
  label: 'alarmRule:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['name']],
  fields: {
    name: text('alarmRule:fields.name', { max: 64, list: { width: 200 } }),
    description: textarea('alarmRule:fields.description'),
    lostTopic: text('alarmRule:fields.lostTopic', {
      max: 255,
      pattern: [/^\/[A-Za-z0-9_/]*$/, 'alarmRule:rules.topic'],
      example: (n) => `/sensor/topic_${n}`,
      list: { width: 220, copyable: true },
    }),
    frameRate: decimal('alarmRule:fields.frameRate', { min: 0.1, max: 1000, precision: 1, list: { width: 130 } }),
    lossCount: integer('alarmRule:fields.lossCount', { min: 1, max: 100000, list: { width: 110 } }),
    lossWindow: duration('alarmRule:fields.lossWindow', { min: 1, max: 86400, list: { width: 140 } }),
    cooldown: duration('alarmRule:fields.cooldown', { required: true, max: 86400, list: { width: 120 } }),
    receivers: tags('alarmRule:fields.receivers', { max: 20 }),
  },
  rules: [
    { field: 'frameRate', message: 'alarmRule:rules.alarmRequired', holds: (values) => set(values.frameRate) || set(values.lossCount) },
    // A count means nothing without the range it is counted in.
    { field: 'lossWindow', message: 'alarmRule:rules.lossWindow', holds: (values) => !set(values.lossCount) || set(values.lossWindow) },
  ],
});

export type AlarmRule = EntityRecord<typeof alarmRule>;
