import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

const robots = '/device/robot/overview';
const alarms = '/device/robot/alarm';
const compile = '/device/server/compile';

/** A list that writes nothing itself: its records are the server's, from robots' reports and the alarm engine. */
const readOnly = { create: [], update: [], delete: [] };

/** Spec §2 "/device": robots, alarm rules and compile servers. */
export const device = catalogue(
  'device',
  'menu:device._',
  [
    catalogue(
      'robot',
      'menu:device.robot._',
      [
        menu('overview', 'menu:device.robot.overview', {
          entity: 'robot',
          pages: { show: 'detail/:robotId' },
          tabs: ['overview', 'overview/config'],
          // Its notices are the bell's; its keys, the keys part's (which shows a new one's secret once).
          showParts: { body: ['robots/topic-rates', 'robots/robot-timeline', 'robots/robot-keys'], replaces: ['robot-key', 'alarm-notice'] },
        }),
        // Spec §4 robot config delivery, the fleet's view of it: which robot runs which version, and why not.
        menu('overview/config', 'menu:device.robot.config', { entity: 'robot-config', hidden: true, activeMenu: robots }),
        // Listed on their robot's page; the secret is shown once, on creation.
        menu('overview/keys', 'menu:device.robot.keys', { entity: 'robot-key', hidden: true, activeMenu: robots, actions: { update: [] } }),
        detail('overview/:tabKey', 'menu:device.robot.overview', robots, { redirect: robots }),
        // A rule's page gets a path of its own: `alarm/:id` would shadow the spec's `alarm/:tabKey`.
        menu('alarm', 'menu:device.robot.alarm', {
          entity: 'alarm-rule',
          pages: { show: 'alarm/rule/:ruleId', edit: 'alarm/rule/:ruleId/edit' },
          tabs: ['alarm', 'alarm/records'],
        }),
        // The alarms the engine raised: people acknowledge and close them, never make or change them.
        menu('alarm/records', 'menu:device.robot.alarmRecords', { entity: 'alarm-record', hidden: true, activeMenu: alarms, actions: readOnly }),
        // The bell's drawer: the alarms told to the signed-in account.
        menu('alarm/notices', 'menu:device.robot.alarmNotices', {
          entity: 'alarm-notice',
          hidden: true,
          activeMenu: alarms,
          preset: { account: '$me' },
          actions: { ...readOnly, delete: [] },
        }),
        detail('alarm/:tabKey', 'menu:device.robot.alarm', alarms, { redirect: alarms }),
      ],
      { icon: 'robot' },
    ),
    catalogue(
      'server',
      'menu:device.server._',
      [
        menu('compile', 'menu:device.server.compile', {
          entity: 'compile-server',
          showParts: { body: ['robots/compile-server-keys'], replaces: ['compile-server-key'] },
        }),
        menu('compile/keys', 'menu:device.server.keys', { entity: 'compile-server-key', hidden: true, activeMenu: compile, actions: { update: [] } }),
      ],
      { icon: 'server' },
    ),
  ],
  { auth: staff, redirect: robots },
);
