import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

const robots = '/device/robot/overview';
const alarms = '/device/robot/alarm';

/** Spec §2 "/device": robots, alarm rules and compile servers. */
export const device = catalogue(
  'device',
  'menu:device._',
  [
    catalogue(
      'robot',
      'menu:device.robot._',
      [
        menu('overview', 'menu:device.robot.overview', { entity: 'robot', pages: { show: 'detail/:robotId' }, tabs: ['overview', 'overview/config'] }),
        // Spec §4 robot config delivery: a second tab of the robot list (static paths outrank :tabKey).
        menu('overview/config', 'menu:device.robot.config', { entity: 'robot-config', hidden: true, activeMenu: robots }),
        detail('overview/:tabKey', 'menu:device.robot.overview', robots, { redirect: robots }),
        // A rule's page gets a path of its own: `alarm/:id` would shadow the spec's `alarm/:tabKey`.
        menu('alarm', 'menu:device.robot.alarm', {
          entity: 'alarm-rule',
          pages: { show: 'alarm/rule/:ruleId', edit: 'alarm/rule/:ruleId/edit' },
          tabs: ['alarm', 'alarm/records'],
        }),
        // The alarms the rules raised (the alarm engine that raises them is a later issue).
        menu('alarm/records', 'menu:device.robot.alarmRecords', { entity: 'alarm-record', hidden: true, activeMenu: alarms }),
        detail('alarm/:tabKey', 'menu:device.robot.alarm', alarms, { redirect: alarms }),
      ],
      { icon: 'robot' },
    ),
    catalogue('server', 'menu:device.server._', [menu('compile', 'menu:device.server.compile', { entity: 'compile-server' })], { icon: 'server' }),
  ],
  { auth: staff, redirect: robots },
);
