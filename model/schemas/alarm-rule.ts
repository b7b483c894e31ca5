import { defineEntity, type EntityRecord } from './engine/entity';
import { decimal, duration, enumOf, integer, tags, text, textarea } from './engine/fields';
import { ROBOT_TYPES } from './robot';
import { EVALUATE_EVERY_SECONDS } from './robot-report';

const set = (value: unknown) => value !== null && value !== undefined && value !== '';
const some = (value: unknown) => Array.isArray(value) && value.length > 0;
/** The checks a window holds, the engine checking every few seconds: a count above it could never be reached. */
const checksWithin = (seconds: number) => Math.floor(seconds / EVALUATE_EVERY_SECONDS) + 1;

/**
 * Spec §3 robot alarm rule: watches one topic on the robots it applies to, alarming when the topic
 * is missing or its frame rate drops below a threshold, once the condition has held long enough,
 * then notifying no more often than the cooldown. Spec §5: name, cooldown and lost topic required;
 * the frame-rate alarm and the loss alarm cannot both be empty. What each field means exactly is
 * its help text (the alarm engine, server/modules/robots, keeps to it).
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
    appliesTo: enumOf(
      'alarmRule:fields.appliesTo',
      [
        { value: 'all', label: 'alarmRule:appliesTo.all' },
        { value: 'robotType', label: 'alarmRule:appliesTo.robotType' },
        { value: 'robots', label: 'alarmRule:appliesTo.robots' },
      ],
      { required: false, help: 'alarmRule:help.appliesTo', list: { width: 120 } },
    ),
    robotType: enumOf('alarmRule:fields.robotType', ROBOT_TYPES, { required: false, list: { width: 130 } }),
    robotSns: tags('alarmRule:fields.robotSns', { max: 500, list: false }),
    lostTopic: text('alarmRule:fields.lostTopic', {
      max: 255,
      pattern: [/^\/[A-Za-z0-9_/]*$/, 'alarmRule:rules.topic'],
      example: (n) => `/sensor/topic_${n}`,
      help: 'alarmRule:help.lostTopic',
      list: { width: 220, copyable: true },
    }),
    frameRate: decimal('alarmRule:fields.frameRate', { min: 0.1, max: 1000, precision: 1, help: 'alarmRule:help.frameRate', list: { width: 130 } }),
    lossCount: integer('alarmRule:fields.lossCount', {
      min: 1,
      max: 100000,
      example: (n) => 1 + (n % 3),
      help: 'alarmRule:help.lossCount',
      list: { width: 110 },
    }),
    lossWindow: duration('alarmRule:fields.lossWindow', {
      min: 1,
      max: 86400,
      example: (n) => 30 + (n % 600),
      help: 'alarmRule:help.lossWindow',
      list: { width: 140 },
    }),
    cooldown: duration('alarmRule:fields.cooldown', { required: true, max: 86400, help: 'alarmRule:help.cooldown', list: { width: 120 } }),
    receivers: tags('alarmRule:fields.receivers', { max: 20, help: 'alarmRule:help.receivers' }),
    webhookUrl: text('alarmRule:fields.webhookUrl', {
      required: false,
      max: 500,
      pattern: [/^https?:\/\/[^\s]+$/, 'alarmRule:rules.webhookUrl'],
      // Samples leave it empty: a sample alarm must not call out of the machine.
      example: () => '',
      filter: false,
      list: false,
      help: 'alarmRule:help.webhookUrl',
    }),
    // Signs what the webhook receives; the receiver keeps the same secret. Shown on the edit form alone.
    webhookSecret: text('alarmRule:fields.webhookSecret', { required: false, max: 200, filter: false, list: false, show: false }),
  },
  rules: [
    { field: 'frameRate', message: 'alarmRule:rules.alarmRequired', holds: (values) => set(values.frameRate) || set(values.lossCount) },
    // A count means nothing without the range it is counted in.
    { field: 'lossWindow', message: 'alarmRule:rules.lossWindow', holds: (values) => !set(values.lossCount) || set(values.lossWindow) },
    {
      field: 'lossCount',
      message: 'alarmRule:rules.lossCountFits',
      holds: (values) => !set(values.lossCount) || !set(values.lossWindow) || Number(values.lossCount) <= checksWithin(Number(values.lossWindow)),
    },
    { field: 'robotType', message: 'alarmRule:rules.robotType', holds: (values) => values.appliesTo !== 'robotType' || set(values.robotType) },
    { field: 'robotSns', message: 'alarmRule:rules.robotSns', holds: (values) => values.appliesTo !== 'robots' || some(values.robotSns) },
    { field: 'webhookSecret', message: 'alarmRule:rules.webhookSecret', holds: (values) => !set(values.webhookUrl) || set(values.webhookSecret) },
  ],
});

export type AlarmRule = EntityRecord<typeof alarmRule>;
