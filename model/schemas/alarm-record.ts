import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, reference, text } from './engine/fields';

/** An alarm a rule raised on a robot; someone acknowledges it, then closes it once handled. */
export const alarmRecord = defineEntity({
  name: 'alarm-record',
  table: 'alarm_records',
  label: 'alarmRecord:_',
  scope: 'tenant',
  title: 'topic',
  sort: { field: 'alarmTime', order: 'desc' },
  indexes: [['status']],
  fields: {
    ruleId: reference('alarmRecord:fields.ruleId', 'alarm-rule', { required: true, list: { width: 200 } }),
    robotId: reference('alarmRecord:fields.robotId', 'robot', { required: true, list: { width: 150 } }),
    topic: text('alarmRecord:fields.topic', { max: 255, list: { width: 220 } }),
    message: text('alarmRecord:fields.message', { required: false, max: 500, filter: false, list: { ellipsis: true } }),
    alarmTime: datetime('alarmRecord:fields.alarmTime', { required: true }),
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
