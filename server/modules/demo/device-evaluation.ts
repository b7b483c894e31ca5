import { sql } from 'kysely';
import { alarmRecord } from '../../../model/schemas/alarm-record';
import { alarmRule } from '../../../model/schemas/alarm-rule';
import { compileServer } from '../../../model/schemas/compile-server';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { robot } from '../../../model/schemas/robot';
import { robotConfig } from '../../../model/schemas/robot-config';
import { structuredData } from '../../../model/schemas/structured-data';
import { structuredDataset } from '../../../model/schemas/structured-dataset';
import type { Db } from '../../db/tables';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The bags' robot types as the robot list names them. */
const TYPES: Record<string, { value: string; label: string; dualArm: boolean }> = {
  UR5e: { value: 'ur5e', label: 'UR5e', dualArm: false },
  'Franka FR3': { value: 'franka-fr3', label: 'FR3', dualArm: false },
  'AgileX Piper': { value: 'agilex-piper', label: 'Piper 双臂', dualArm: true },
  'Unitree G1': { value: 'unitree-g1', label: 'G1 人形', dualArm: true },
  'Realman RM65': { value: 'realman-rm65', label: 'RM65', dualArm: false },
};

const COMPILE_SERVERS = [
  ['ATC-310P-SZ01', '苏州昇腾编译机 01', 'ascend-310p', '10.12.3.21', 'online', 32.5],
  ['ATC-310P-SZ02', '苏州昇腾编译机 02', 'ascend-310p', '10.12.3.22', 'busy', 91.0],
  ['ATC-910B-BJ01', '北京昇腾训练编译机', 'ascend-910b', '10.40.8.11', 'online', 18.2],
  ['ORIN-AGX-SZ01', 'Orin 部署验证机', 'jetson-orin', '192.168.31.50', 'offline', null],
  ['GPU-4090-BJ02', 'TensorRT 编译机', 'x86-gpu', '172.16.20.8', 'online', 47.8],
  ['GPU-A100-SZ03', 'ONNX 导出服务器', 'x86-gpu', '10.12.5.103', 'fault', null],
] as const;

const ALARM_RULES = [
  ['前置相机掉帧', '前置 RGB 相机低于 25 Hz 即告警，常见于 USB 带宽不足', '/camera/front/image_raw', 25, null, null, 300, ['rd', 'zhou.ming']],
  ['腕部相机丢失', '左腕相机 1 分钟内丢失 3 次', '/camera/wrist_left/image_raw', null, 3, 60, 600, ['rd']],
  ['关节状态异常', '关节状态话题低频或频繁丢失，可能是总线故障', '/joint_states', 400, 5, 10, 120, ['rd', 'sun.li']],
  ['夹爪状态低频', '夹爪反馈低于 50 Hz', '/gripper/state', 50, null, null, 300, ['sun.li']],
  ['遥操作指令丢失', '遥操作主手指令 30 秒内丢失 10 次，采集数据会出现跳帧', '/teleop/leader/joint_cmd', null, 10, 30, 60, ['operator', 'rd']],
  ['IMU 掉帧', '人形机器人 IMU 低于 180 Hz', '/imu/data', 180, null, null, 300, ['zhou.ming']],
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

/** Spec §2 /device: compile servers, the robots that recorded the demo bags, their configs, alarm rules and alarms. */
export const seedDevices: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await seedRecords(
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

  const robotRows = await fleet(db, tenantId);
  const robots = await seedRecords(
    demo,
    robot,
    tenantId,
    robotRows.map((row, i) => {
      const type = TYPES[row.type]!;
      const region = Number(row.suzhou) * 2 >= Number(row.bags) ? 'suzhou' : 'beijing';
      const status = i === 3 ? 'fault' : i % 4 === 1 ? 'offline' : 'online';
      const lastSeen = status === 'online' ? ago((i + 2) * MINUTE) : status === 'fault' ? ago(7 * HOUR) : new Date(row.last);
      return {
        sn: row.sn,
        name: `${region === 'suzhou' ? '苏州' : '北京'} ${type.label} ${row.sn.slice(row.sn.lastIndexOf('-') + 1)}`,
        robotType: type.value,
        region,
        status,
        hardwareVersion: row.hardware,
        softwareVersion: row.software,
        lastSeenTime: lastSeen.toISOString(),
        description: status === 'fault' ? '右臂第 4 关节编码器报错，待售后更换' : '',
        createdBy: 'admin',
        createdTime: ago((150 - i * 5) * DAY),
      };
    }),
    now,
  );
  if (robots.length === 0) return; // seeded before

  const configs: [number, string, object, string, string][] = [
    [
      0,
      'camera-calibration',
      { front: { fx: 615.2, fy: 615.9, cx: 322.4, cy: 241.7 }, wrist: { fx: 388.1, fy: 388.1, cx: 320.5, cy: 239.8 } },
      'delivered',
      '11 月标定结果',
    ],
    [0, 'teleop-params', { leader: 'gello', scale: 1.0, deadband_rad: 0.01, publish_hz: 100 }, 'undelivered', '主手缩放由 0.9 调到 1.0'],
    [2, 'gripper-force', { max_force_n: 40, grasp_speed: 0.05, soft_grasp: true }, 'delivered', ''],
    [4, 'joint-limits', { soft_limit_margin_rad: 0.05, max_velocity_rad_s: 1.2 }, 'undelivered', '限速，配合叠衣服数据采集'],
    [6, 'recorder', { topics: ['/camera/front/image_raw', '/joint_states', '/gripper/state'], split_seconds: 600, compression: 'zstd' }, 'delivered', ''],
    [
      7,
      'recorder',
      { topics: ['/camera/front/image_raw', '/camera/wrist_left/image_raw', '/joint_states'], split_seconds: 300, compression: 'lz4' },
      'undelivered',
      '',
    ],
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
    ALARM_RULES.map(([name, description, lostTopic, frameRate, lossCount, lossWindow, cooldown, receivers], i) => ({
      name,
      description,
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

  const alarms: [number, number, string, string, number][] = [
    [0, 0, '前置相机帧率 17.3 Hz，低于阈值 25 Hz', 'open', 25 * MINUTE],
    [2, 3, '/joint_states 10 秒内丢失 7 次', 'open', 2 * HOUR],
    [1, 2, '/camera/wrist_left/image_raw 60 秒内丢失 4 次', 'acknowledged', 9 * HOUR],
    [4, 4, '/teleop/leader/joint_cmd 30 秒内丢失 12 次', 'closed', 2 * DAY],
    [5, 6, 'IMU 帧率 142 Hz，低于阈值 180 Hz', 'acknowledged', 3 * DAY],
    [3, 5, '夹爪反馈 31 Hz，低于阈值 50 Hz', 'closed', 6 * DAY],
    [0, 8, '前置相机帧率 0 Hz，话题中断', 'closed', 11 * DAY],
    [2, 7, '/joint_states 帧率 212 Hz，低于阈值 400 Hz', 'open', 40 * MINUTE],
  ];
  await seedRecords(
    demo,
    alarmRecord,
    tenantId,
    alarms
      .filter(([rule, robotIndex]) => rules[rule] && robots[robotIndex])
      .map(([rule, robotIndex, message, status, before]) => ({
        ruleId: rules[rule]!.id,
        robotId: robots[robotIndex]!.id,
        topic: rules[rule]!.lostTopic,
        message,
        alarmTime: ago(before).toISOString(),
        status,
        createdBy: 'system',
        createdTime: ago(before),
      })),
    now,
  );
};

const FILES: Record<string, (episode: string) => string[]> = {
  lerobot: (episode) => [`episode_${episode}.parquet`, `observation.images.front_${episode}.mp4`, `observation.images.wrist_${episode}.mp4`],
  hdf5: (episode) => [`episode_${episode}.hdf5`],
  rlds: (episode) => [`episode-${episode}.tfrecord`, 'dataset_info.json', 'features.json'],
  zarr: (episode) => [`episode_${episode}.zarr.zip`],
};

const STRUCTURED_DATASETS = [
  { name: 'cloth-folding-eval-lerobot', structureType: 'lerobot', scene: 'cloth-folding', description: '叠衣服评测集，T 恤与毛巾各半' },
  { name: 'pick-and-place-eval-hdf5', structureType: 'hdf5', scene: 'pick-and-place', description: '桌面抓放评测集，ACT 格式 HDF5' },
  { name: 'cup-stacking-eval-rlds', structureType: 'rlds', scene: 'cup-stacking', description: '叠杯子评测集，供 OpenVLA 评测' },
  { name: 'drawer-opening-eval-zarr', structureType: 'zarr', scene: 'drawer-opening', description: '抽屉开合评测集，Diffusion Policy 格式' },
] as const;

/** Spec §2 /evaluation: structured datasets converted from the demo bags, and evaluations of the trained models on them. */
export const seedEvaluation: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const members = await Promise.all(
    STRUCTURED_DATASETS.map(
      async ({ scene }) =>
        (
          await sql<{ id: number; robotSn: string; robotType: string }>`select id, robot_sn as "robotSn", robot_type as "robotType" from bags
            where tenant_id = ${tenantId} and scene_name = ${scene} and quality_label = 'qualified' order by bag_start_time desc limit 4`.execute(db)
        ).rows,
    ),
  );
  const datasets = await seedRecords(
    demo,
    structuredDataset,
    tenantId,
    STRUCTURED_DATASETS.map(({ scene: _scene, ...spec }, i) => ({ ...spec, createdBy: 'rd', createdTime: ago(45 - i * 9) })),
    now,
  );
  if (datasets.length === 0) return; // seeded before

  await seedRecords(
    demo,
    structuredData,
    tenantId,
    datasets.flatMap((dataset, i) =>
      members[i]!.map((bag, j) => {
        const dualArm = TYPES[bag.robotType]?.dualArm ?? false;
        return {
          bagId: bag.id,
          structuredDatasetId: dataset.id,
          structureType: dataset.structureType,
          version: j === 0 ? 'v1.1' : 'v1.0',
          robotSn: bag.robotSn,
          leftArmSn: dualArm ? `${bag.robotSn}-L` : '',
          rightArmSn: dualArm ? `${bag.robotSn}-R` : '',
          files: FILES[dataset.structureType]!(String(j).padStart(6, '0')),
          createdBy: 'rd',
          createdTime: ago(44 - i * 9),
        };
      }),
    ),
    now,
  );

  // Evaluations need trained models: without the training section's model cards there is nothing to evaluate.
  const models = (await sql<{ id: number; name: string }>`select id, name from model_cards where tenant_id = ${tenantId} order by id`.execute(db)).rows;
  if (models.length === 0) return;
  const modelId = (name: string) => (models.find((model) => model.name === name) ?? models[0]!).id;
  const runs: [string, number, string, number, string, number | null, number | null, number, string][] = [
    ['act-cloth-folding-v2', 0, '叠衣服 ACT v2 基线', 4, 'success', 61.0, 68.4, 28, ''],
    ['act-cloth-folding-v3', 0, '叠衣服 ACT v3 回归评测', 4, 'success', 78.5, 82.3, 14, 'KL 权重调整后成功率明显提升'],
    ['act-ur5e-grasp-v1', 1, 'UR5e 抓放泛化评测', 4, 'success', 71.2, 74.0, 10, '含未见过的杯子与水果'],
    ['pi0-cup-stacking-v1', 2, '叠杯子 π0 评测', 3, 'failed', null, null, 8, '推理服务加载权重超时，待重新评测'],
    ['pi0-cup-stacking-v1', 2, '叠杯子 π0 复测', 3, 'running', null, null, 1, ''],
    ['act-cloth-folding-v3', 0, '叠衣服 ACT v3 新标定复测', 2, 'pending', null, null, 0, '相机重新标定后复测'],
  ];
  await seedRecords(
    demo,
    evaluationRecord,
    tenantId,
    runs.map(([model, dataset, name, filteredDataCount, status, successRate, score, days, description]) => ({
      name,
      modelCardId: modelId(model),
      structuredDatasetId: datasets[dataset]!.id,
      filteredDataCount,
      status,
      successRate,
      score,
      description,
      createdBy: 'rd',
      createdTime: ago(days),
    })),
    now,
  );
};
