import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, duration, enumOf, json, reference, text } from './engine/fields';

/** Written by the alarm engine alone (nobody holds its create): what fired, when, and what it saw. */
const seen = { edit: false } as const;
const raised = { edit: 'create' } as const;

/** Why an alarm fired: its robot fell silent, a watched topic went missing, or ran below its rate. */
export const ALARM_KINDS = [
  { value: 'offline', label: 'alarmRecord:kind.offline', color: 'volcano' },
  { value: 'missing', label: 'alarmRecord:kind.missing', color: 'red' },
  { value: 'slow', label: 'alarmRecord:kind.slow', color: 'orange' },
] as const;

/**
 * One firing of an alarm on a robot, from start to resolution: raised by a rule (or, for a robot
 * that stopped sending heartbeats, by the engine itself), kept with the values seen and the rule as
 * it was then. People acknowledge it and close it once handled; whether it still fires is the
 * engine's word (`state`), never theirs.
 */
export const alarmRecord = defineEntity({
  name: 'alarm-record',
  table: 'alarm_records',
  label: 'alarmRecord:_',
  scope: 'tenant',
  title: 'topic',
  sort: { field: 'alarmTime', order: 'desc' },
  indexes: [['status'], ['state'], ['robotId']],
  fields: {
    ruleId: reference('alarmRecord:fields.ruleId', 'alarm-rule', { ...raised, list: { width: 180 } }),
    robotId: reference('alarmRecord:fields.robotId', 'robot', { ...raised, required: true, list: { width: 150 } }),
    kind: enumOf('alarmRecord:fields.kind', ALARM_KINDS, { ...raised, list: { width: 110 } }),
    topic: text('alarmRecord:fields.topic', { ...seen, required: false, max: 255, list: { width: 220 } }),
    message: text('alarmRecord:fields.message', { ...seen, required: false, max: 500, filter: false, list: { ellipsis: true } }),
    alarmTime: datetime('alarmRecord:fields.alarmTime', { ...raised, required: true }),
    endTime: datetime('alarmRecord:fields.endTime', seen),
    duration: duration('alarmRecord:fields.duration', { ...seen, filter: false, list: { width: 110 } }),
    state: enumOf(
      'alarmRecord:fields.state',
      [
        { value: 'firing', label: 'alarmRecord:state.firing', color: 'red' },
        { value: 'resolved', label: 'alarmRecord:state.resolved', color: 'green' },
      ],
      { ...seen, list: { width: 100 } },
    ),
    values: json('alarmRecord:fields.values', { ...seen, show: true }),
    rule: json('alarmRecord:fields.rule', { ...seen, show: true }),
    status: enumOf(
      'alarmRecord:fields.status',
      [
        { value: 'open', label: 'alarmRecord:status.open', color: 'red' },
        { value: 'acknowledged', label: 'alarmRecord:status.acknowledged', color: 'gold' },
        { value: 'closed', label: 'alarmRecord:status.closed', color: 'default' },
      ],
      { initial: 'open' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      acknowledge: { label: 'alarmRecord:actions.acknowledge', from: ['open'], to: 'acknowledged' },
      close: { label: 'alarmRecord:actions.close', from: ['open', 'acknowledged'], to: 'closed', confirm: true },
    },
  },
});

export type AlarmRecord = EntityRecord<typeof alarmRecord>;
