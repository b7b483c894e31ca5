import { staff } from '../access/rules';
import { catalogue, detail, menu } from './builders';

/** Spec §2 "/device": robots, alarm rules and compile servers. */
export const device = catalogue(
  'device',
  'menu:device._',
  [
    catalogue(
      'robot',
      'menu:device.robot._',
      [
        menu('overview', 'menu:device.robot.overview'),
        detail('overview/:tabKey', 'menu:device.robot.overview', '/device/robot/overview'),
        menu('alarm', 'menu:device.robot.alarm'),
        detail('alarm/:tabKey', 'menu:device.robot.alarm', '/device/robot/alarm'),
        detail('detail/:robotId', 'menu:device.robot.detail', '/device/robot/overview'),
      ],
      { icon: 'robot' },
    ),
    catalogue('server', 'menu:device.server._', [menu('compile', 'menu:device.server.compile')], { icon: 'server' }),
  ],
  { auth: staff, redirect: '/device/robot/overview' },
);
