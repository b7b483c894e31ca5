import { sql } from 'kysely';
import { alarmRecord } from '../../../model/schemas/alarm-record';
import { alarmRule } from '../../../model/schemas/alarm-rule';
import { alarmNotice } from '../../../model/schemas/alarm-notice';
import { compileServer } from '../../../model/schemas/compile-server';
import { compileServerKey } from '../../../model/schemas/compile-server-key';
import { robot } from '../../../model/schemas/robot';
import { robotConfig } from '../../../model/schemas/robot-config';
import { robotKey } from '../../../model/schemas/robot-key';
import { DEMO_ROBOT } from '../../../model/schemas/robot-report';
import type { Db } from '../../db/tables';
import { hashSecret } from '../access-keys/access-key-hooks';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const MINUTE = 60_000;
const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** The bags' robot types as the robot list names them. */
export const TYPES: Record<string, { value: string; label: string; dualArm: boolean }> = {
  UR5e: { value: 'ur5e', label: 'UR5e', dualArm: false },
  'Franka FR3': { value: 'franka-fr3', label: 'FR3', dualArm: false },
  'AgileX Piper': { value: 'agilex-piper', label: 'Piper 双臂', dualArm: true },
  'Unitree G1': { value: 'unitree-g1', label: 'G1 人形', dualArm: true },
  'Realman RM65': { value: 'realman-rm65', label: 'RM65', dualArm: false },
};

/** Their reports are history: the engine marks each offline once its last report is older than three intervals. */
const COMPILE_SERVERS = [
  ['ATC-310P-SZ01', '苏州昇腾编译机 01', 'ascend-310p', '10.12.3.21', 'online', 32.5],
  ['ATC-310P-SZ02', '苏州昇腾编译机 02', 'ascend-310p', '10.12.3.22', 'busy', 91.0],
  ['ATC-910B-BJ01', '北京昇腾训练编译机', 'ascend-910b', '10.40.8.11', 'online', 18.2],
  ['ORIN-AGX-SZ01', 'Orin 部署验证机', 'jetson-orin', '192.168.31.50', 'offline', null],
  ['GPU-4090-BJ02', 'TensorRT 编译机', 'x86-gpu', '172.16.20.8', 'online', 47.8],
  ['GPU-A100-SZ03', 'ONNX 导出服务器', 'x86-gpu', '10.12.5.103', 'fault', null],
] as const;

/** Name, description, topic, rate, count and window, cooldown, receivers, and the robot type it is kept to (none: every robot). */
const ALARM_RULES = [
  ['前置相机掉帧', '前置 RGB 相机低于 25 Hz 即告警，常见于 USB 带宽不足', '/camera/front/image_raw', 25, null, null, 300, ['admin', 'rd', 'zhou.ming'], null],
  ['腕部相机丢失', '左腕相机 60 秒内 3 次检查都收不到消息才告警，避免偶发抖动', '/camera/wrist_left/image_raw', null, 3, 60, 600, ['admin', 'rd'], null],
  ['关节状态异常', '关节状态话题低于 400 Hz 或中断，10 秒内 3 次检查成立即告警，可能是总线故障', '/joint_states', 400, 3, 10, 120, ['rd', 'sun.li'], null],
  ['夹爪状态低频', '夹爪反馈低于 50 Hz', '/gripper/state', 50, null, null, 300, ['sun.li'], null],
  ['遥操作指令丢失', '遥操作主手指令 30 秒内 5 次检查都中断才告警，采集数据会出现跳帧', '/teleop/leader/joint_cmd', null, 5, 30, 60, ['admin', 'rd'], null],
  ['IMU 掉帧', '人形机器人 IMU 低于 180 Hz', '/imu/data', 180, null, null, 300, ['zhou.ming'], 'unitree-g1'],
] as const;

/** Where robots come from: the serials that recorded the space's bags, the busiest two of each type. */
async function fleet(db: Db, tenantId: number) {
  const { rows } = await sql<{ sn: string; type: string; bags: string; last: Date; suzhou: string; software: string; hardware: string }>`
    select robot_sn as sn, robot_type as type, count(*) as bags, max(bag_end_time) as last,
      count(*) filter (where bag_region = 'suzhou') as suzhou,
      (array_agg(robot_software_version order by bag_start_time desc))[1] as software,
      (array_agg(robot_hardware_version order by bag_start_time desc))[1] as hardware
    from bags where tenant_id = ${tenantId} group by robot_sn, robot_type order by count(*) desc, robot_sn`.execute(db);
  return Object.keys(TYPES).flatMap((type) => rows.filter((row) => row.type === type).slice(0, 2));
}

/**
 * Spec §2 /device: compile servers, the robots that recorded the demo bags (offline: they report no
 * more) and the simulated robot `npm run robot` brings online with its seeded key, their configs,
 * alarm rules, and the alarms of the bags' days, long resolved.
 */
export const seedDevices: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const servers = await seedRecords(
    demo,
    compileServer,
    tenantId,
    COMPILE_SERVERS.map(([sn, name, type, ip, status, usage], i) => ({
      sn,
      name,
      type,
      ip,
      status,
      usage,
      statusUploadTime: ago(status === 'offline' ? 3 * DAY : status === 'fault' ? 5 * HOUR : (i + 1) * MINUTE).toISOString(),
      createdBy: 'admin',
      createdTime: ago((120 - i * 15) * DAY),
    })),
    now,
  );

  // The first server's agent reports with a key; the demo holds no secret of it (the hash is of nothing anyone has).
  if (servers[0])
    await seedRecords(
      demo,
      compileServerKey,
      tenantId,
      [
        {
          compileServerId: servers[0].id,
          name: 'atc-agent',
          keyId: 'EDPCKDEMOATCAGENTSZAB',
          secretHash: hashSecret(`no-one-holds-${now.getTime()}`),
          createdBy: 'admin',
        },
      ],
      now,
    );

  const robotRows = await fleet(db, tenantId);
  const robots = await seedRecords(
    demo,
    robot,
    tenantId,
    [
      ...robotRows.map((row, i) => {
        const type = TYPES[row.type]!;
        const region = Number(row.suzhou) * 2 >= Number(row.bags) ? 'suzhou' : 'beijing';
        return {
          sn: row.sn,
          name: `${region === 'suzhou' ? '苏州' : '北京'} ${type.label} ${row.sn.slice(row.sn.lastIndexOf('-') + 1)}`,
          robotType: type.value,
          region,
          status: 'offline',
          hardwareVersion: row.hardware,
          softwareVersion: row.software,
          lastSeenTime: new Date(row.last).toISOString(),
          description: i === 3 ? '右臂第 4 关节编码器报错，待售后更换' : '',
          createdBy: 'admin',
          createdTime: ago((150 - i * 5) * DAY),
        };
      }),
      {
        sn: DEMO_ROBOT.sn,
        name: '仿真 UR5e（npm run robot）',
        robotType: 'ur5e',
        region: 'suzhou',
        status: 'offline',
        description: '仓库自带的仿真机器人：npm run robot 用预置密钥上报心跳',
        createdBy: 'admin',
        createdTime: ago(DAY),
      },
    ],
    now,
  );
  if (robots.length === 0) return; // seeded before
  const simulator = robots.find((row) => row.sn === DEMO_ROBOT.sn)!;
  await seedRecords(
    demo,
    robotKey,
    tenantId,
    [
      {
        robotId: simulator.id,
        name: 'simulator',
        keyId: DEMO_ROBOT.keyId,
        secretHash: hashSecret(DEMO_ROBOT.secret),
        createdBy: 'admin',
        createdTime: ago(DAY),
      },
    ],
    now,
  );

  const configs: [number, string, object, string, string][] = [
    [
      0,
      'camera-calibration',
      { front: { fx: 615.2, fy: 615.9, cx: 322.4, cy: 241.7 }, wrist: { fx: 388.1, fy: 388.1, cx: 320.5, cy: 239.8 } },
      'delivered',
      '11 月标定结果',
    ],
    [0, 'teleop-params', { leader: 'gello', scale: 1.0, deadband_rad: 0.01, publish_hz: 100 }, 'restartNeeded', '主手缩放由 0.9 调到 1.0'],
    [2, 'gripper-force', { max_force_n: 40, grasp_speed: 0.05, soft_grasp: true }, 'delivered', ''],
    [4, 'joint-limits', { soft_limit_margin_rad: 0.05, max_velocity_rad_s: 1.2 }, 'undelivered', '限速，配合叠衣服数据采集'],
    [6, 'recorder', { topics: ['/camera/front/image_raw', '/joint_states', '/gripper/state'], split_seconds: 600, compression: 'zstd' }, 'delivered', ''],
    [
      7,
      'recorder',
      { topics: ['/camera/front/image_raw', '/camera/wrist_left/image_raw', '/joint_states'], split_seconds: 300, compression: 'lz4' },
      'rejected',
      '',
    ],
    [robots.length - 1, 'teleop-params', { leader: 'gello', scale: 1.0, publish_hz: 100 }, 'delivered', '仿真机器人的遥操作参数'],
  ];
  await seedRecords(
    demo,
    robotConfig,
    tenantId,
    configs
      .filter(([index]) => robots[index])
      .map(([index, name, content, status, description], i) => ({
        robotId: robots[index]!.id,
        name,
        content: JSON.stringify(content, null, 2),
        status,
        message: status === 'rejected' ? 'split_seconds must be ≥ 600 on this recorder' : '',
        description,
        createdBy: 'rd',
        createdTime: ago((20 - i * 3) * DAY),
      })),
    now,
  );

  const rules = await seedRecords(
    demo,
    alarmRule,
    tenantId,
    ALARM_RULES.map(([name, description, lostTopic, frameRate, lossCount, lossWindow, cooldown, receivers, robotType], i) => ({
      name,
      description,
      appliesTo: robotType ? 'robotType' : 'all',
      robotType: robotType ?? '',
      lostTopic,
      frameRate,
      lossCount,
      lossWindow,
      cooldown,
      receivers: [...receivers],
      createdBy: 'rd',
      createdTime: ago((60 - i * 7) * DAY),
    })),
    now,
  );

  const alarms: [number, number, 'missing' | 'slow', number, string, number, number][] = [
    [0, 0, 'slow', 17.3, 'acknowledged', 26 * HOUR, 25 * MINUTE],
    [2, 3, 'missing', 0, 'closed', 2 * DAY, 4 * MINUTE],
    [1, 2, 'missing', 0, 'acknowledged', 3 * DAY, 9 * MINUTE],
    [4, 4, 'missing', 0, 'closed', 4 * DAY, 2 * MINUTE],
    [5, 6, 'slow', 142, 'acknowledged', 5 * DAY, 48 * MINUTE],
    [3, 5, 'slow', 31, 'closed', 6 * DAY, 15 * MINUTE],
    [0, 8, 'missing', 0, 'closed', 11 * DAY, 70 * MINUTE],
    [2, 7, 'slow', 212, 'open', 40 * HOUR, 6 * MINUTE],
  ];
  const raised = await seedRecords(
    demo,
    alarmRecord,
    tenantId,
    alarms
      .filter(([rule, robotIndex]) => rules[rule] && robots[robotIndex])
      .map(([rule, robotIndex, kind, rate, status, before, lasted]) => {
        const { lostTopic, frameRate, name } = rules[rule]!;
        return {
          ruleId: rules[rule]!.id,
          robotId: robots[robotIndex]!.id,
          kind,
          topic: lostTopic,
          message: kind === 'slow' ? `${lostTopic}: ${rate} Hz < ${frameRate} Hz` : `${lostTopic}: 0 / 10 s`,
          values: JSON.stringify({ rate, threshold: frameRate }),
          rule: JSON.stringify({ name, lostTopic, frameRate }),
          alarmTime: ago(before).toISOString(),
          endTime: ago(before - lasted).toISOString(),
          duration: Math.round(lasted / 1000),
          state: 'resolved',
          status,
          createdBy: 'system',
          createdTime: ago(before),
        };
      }),
    now,
  );

  // Their receivers were told: the bells of those who are accounts of the space, read but for the alarm still open.
  const { rows: accounts } = await sql<{ code: string }>`select code from accounts where tenant_id = ${tenantId}`.execute(db);
  const codes = new Set(accounts.map((account) => account.code));
  await seedRecords(
    demo,
    alarmNotice,
    tenantId,
    raised.flatMap((alarm) =>
      (rules.find((rule) => rule.id === alarm.ruleId)?.receivers ?? [])
        .filter((code) => codes.has(code))
        .map((account) => ({
          account,
          alarmId: alarm.id,
          robotId: alarm.robotId,
          kind: alarm.kind,
          topic: alarm.topic,
          alarmTime: alarm.alarmTime,
          status: alarm.status === 'open' ? 'unread' : 'read',
          createdBy: 'system',
          createdTime: new Date(alarm.alarmTime!),
        })),
    ),
    now,
  );
};
