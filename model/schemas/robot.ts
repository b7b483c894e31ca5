import { defineEntity, type EntityRecord } from './engine/entity';
import { datetime, duration, enumOf, text, textarea } from './engine/fields';

/** The robot models the platform records with (the bags' robotType names them for display). */
export const ROBOT_TYPES = [
  { value: 'ur5e', label: 'robot:types.ur5e', color: 'blue' },
  { value: 'franka-fr3', label: 'robot:types.frankaFr3', color: 'purple' },
  { value: 'agilex-piper', label: 'robot:types.agilexPiper', color: 'cyan' },
  { value: 'unitree-g1', label: 'robot:types.unitreeG1', color: 'geekblue' },
  { value: 'realman-rm65', label: 'robot:types.realmanRm65', color: 'magenta' },
];

/** What the robot itself reports, never typed by a person. */
const reported = { edit: false } as const;

/**
 * A robot of the space's fleet (spec §2 robot list and detail), known by its serial number. People
 * name and place it; its status, versions, uptime and last seen time follow its heartbeats.
 */
export const robot = defineEntity({
  name: 'robot',
  table: 'robots',
  label: 'robot:_',
  scope: 'tenant',
  title: 'sn',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['sn']],
  indexes: [['robotType', 'status']],
  // Each heartbeat moves these; only a change of status leaves an audit event.
  progress: ['lastSeenTime', 'uptime', 'hardwareVersion', 'softwareVersion'],
  fields: {
    sn: text('robot:fields.sn', { max: 64, filter: 'equals', edit: 'create', list: { width: 150, copyable: true } }),
    name: text('robot:fields.name', { max: 100, list: { width: 180 } }),
    robotType: enumOf('robot:fields.robotType', ROBOT_TYPES, { list: { width: 140 } }),
    region: enumOf('robot:fields.region', [
      { value: 'suzhou', label: 'robot:region.suzhou' },
      { value: 'beijing', label: 'robot:region.beijing' },
    ]),
    status: enumOf(
      'robot:fields.status',
      [
        { value: 'online', label: 'robot:status.online', color: 'green' },
        { value: 'offline', label: 'robot:status.offline', color: 'default' },
      ],
      { initial: 'offline', help: 'robot:help.status' },
    ),
    hardwareVersion: text('robot:fields.hardwareVersion', { ...reported, required: false, max: 64, filter: false, list: { width: 120 } }),
    softwareVersion: text('robot:fields.softwareVersion', { ...reported, required: false, max: 64, filter: 'equals', list: { width: 120 } }),
    uptime: duration('robot:fields.uptime', { ...reported, filter: false, list: { width: 110 } }),
    lastSeenTime: datetime('robot:fields.lastSeenTime', reported),
    description: textarea('robot:fields.description'),
  },
});

export type Robot = EntityRecord<typeof robot>;
