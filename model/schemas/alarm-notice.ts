import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, enumOf, reference, text } from './engine/fields';
import { ALARM_KINDS } from './alarm-record';

/** Written by the alarm engine alone (nobody holds its create). */
const told = { edit: 'create' } as const;

/**
 * An alarm told to one of its rule's receivers: what the bell counts and its drawer lists. It keeps
 * the alarm's robot, topic and kind as they were when told, so the drawer reads one table.
 */
export const alarmNotice = defineEntity({
  name: 'alarm-notice',
  table: 'alarm_notices',
  label: 'alarmNotice:_',
  scope: 'tenant',
  title: 'topic',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['account', 'status']],
  fields: {
    // Samples go to an account every space has.
    account: text('alarmNotice:fields.account', { ...told, max: 64, filter: 'equals', example: () => 'admin', list: { width: 120 } }),
    alarmId: reference('alarmNotice:fields.alarmId', 'alarm-record', { ...told, required: true, list: { width: 160 } }),
    robotId: reference('alarmNotice:fields.robotId', 'robot', { ...told, required: true, list: { width: 150 } }),
    kind: enumOf('alarmNotice:fields.kind', ALARM_KINDS, { ...told, list: { width: 110 } }),
    topic: text('alarmNotice:fields.topic', { ...told, required: false, max: 255, list: { width: 200 } }),
    alarmTime: datetime('alarmNotice:fields.alarmTime', { ...told, required: true }),
    status: enumOf(
      'alarmNotice:fields.status',
      [
        { value: 'unread', label: 'alarmNotice:status.unread', color: 'red' },
        { value: 'read', label: 'alarmNotice:status.read', color: 'default' },
      ],
      { initial: 'unread' },
    ),
  },
  states: {
    field: 'status',
    actions: { markRead: { label: 'alarmNotice:actions.markRead', from: ['unread'], to: 'read' } },
  },
});

export type AlarmNotice = EntityRecord<typeof alarmNotice>;
