import { sql } from 'kysely';
import { dataset } from '../../../model/schemas/dataset';
import { datasetItem } from '../../../model/schemas/dataset-item';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { processingRecord } from '../../../model/schemas/processing-record';
import { trainingData } from '../../../model/schemas/training-data';
import type { Db } from '../../db/tables';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const DAY = 86_400_000;
const GB = 1024 ** 3;

/** Which demo bags each dataset gathers: a collection task, or for logic datasets a quality query. */
type Selection = { scene: string } | { label: string; robotType?: string };

const DATASETS: {
  name: string;
  datasetType: string;
  owner: string;
  dcProject: string;
  dcTask: string;
  pick: Selection;
  description: string;
}[] = [
  {
    name: 'cloth-folding-2026q3',
    datasetType: 'raw',
    owner: 'rd',
    dcProject: 'household-manipulation',
    dcTask: 'cloth-folding',
    pick: { scene: 'cloth-folding' },
    description: '三季度叠衣服原始采集，含 T 恤与毛巾两类衣物',
  },
  {
    name: 'pick-and-place-2026q4',
    datasetType: 'raw',
    owner: 'zhou.ming',
    dcProject: 'household-manipulation',
    dcTask: 'pick-and-place',
    pick: { scene: 'pick-and-place' },
    description: '桌面抓放，杯子、积木与水果',
  },
  {
    name: 'drawer-opening-2026q4',
    datasetType: 'raw',
    owner: 'sun.li',
    dcProject: 'household-manipulation',
    dcTask: 'drawer-opening',
    pick: { scene: 'drawer-opening' },
    description: '抽屉开合，含推拉与旋钮两种把手',
  },
  {
    name: 'dc-bin-sorting-2026q4',
    datasetType: 'dc',
    owner: 'rd',
    dcProject: 'warehouse-picking',
    dcTask: 'bin-sorting',
    pick: { scene: 'bin-sorting' },
    description: '采集计划 PLAN-112 的料箱分拣数据',
  },
  {
    name: 'dc-cup-stacking-2026q3',
    datasetType: 'dc',
    owner: 'sun.li',
    dcProject: 'tabletop-skills',
    dcTask: 'cup-stacking',
    pick: { scene: 'cup-stacking' },
    description: '叠杯子，三杯与五杯塔',
  },
  {
    name: 'dc-shelf-restocking-2026q4',
    datasetType: 'dc',
    owner: 'zhou.ming',
    dcProject: 'warehouse-picking',
    dcTask: 'shelf-restocking',
    pick: { scene: 'shelf-restocking' },
    description: '货架补货，双臂协同',
  },
  {
    name: 'grasp-failures-2026q4',
    datasetType: 'logic',
    owner: 'rd',
    dcProject: '',
    dcTask: '',
    pick: { label: 'Drop Error' },
    description: '各任务中抓取掉落的片段，用于失败分析与负样本',
  },
  {
    name: 'clean-grasp-ur5e-train',
    datasetType: 'logic',
    owner: 'zhou.ming',
    dcProject: '',
    dcTask: '',
    pick: { label: 'Clean Grasp', robotType: 'UR5e' },
    description: 'UR5e 上质检合格、动作干净的抓取，作为 ACT 训练主集',
  },
];

async function bagsFor(db: Db, tenantId: number, pick: Selection) {
  const where =
    'scene' in pick
      ? sql`scene_name = ${pick.scene} and quality_label <> 'unqualified'`
      : sql`${pick.label} = any(label_list) ${pick.robotType ? sql`and robot_type = ${pick.robotType}` : sql``}`;
  const { rows } = await sql<{ id: number; duration: number }>`select id, bag_duration as duration from bags
    where tenant_id = ${tenantId} and ${where} order by bag_start_time desc limit 12`.execute(db);
  return rows;
}

/** Spec §2 data lake: datasets of the three kinds over the demo bags, their versions, training sets and processing runs. */
export const seedLake: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const members = await Promise.all(DATASETS.map((spec) => bagsFor(db, tenantId, spec.pick)));
  const datasets = await seedRecords(
    demo,
    dataset,
    tenantId,
    DATASETS.map(({ pick: _pick, ...spec }, i) => ({
      ...spec,
      createdBy: spec.owner === 'rd' ? 'rd' : 'admin',
      createdTime: ago(80 - i * 8),
    })),
    now,
  );
  if (datasets.length === 0) return; // seeded before
  const id = (name: string) => datasets.find((record) => record.name === name)!.id;

  await seedRecords(
    demo,
    datasetItem,
    tenantId,
    datasets.flatMap((record, i) =>
      members[i]!.map((bag, j) => ({
        datasetId: record.id,
        bagId: bag.id,
        // Logic datasets keep the moment that matters, not the whole recording.
        ...(record.datasetType === 'logic'
          ? { clipStart: Math.floor(bag.duration / 3), clipEnd: Math.floor(bag.duration / 3) + Math.min(20, bag.duration - 1) }
          : {}),
        note: record.datasetType === 'logic' && j === 0 ? '典型样例' : '',
        createdBy: record.createdBy,
        createdTime: record.createdTime ? new Date(record.createdTime) : now,
      })),
    ),
    now,
  );

  const released: [string, string, number, string, number][] = [
    ['cloth-folding-2026q3', 'v1.0.0', 8, '首个可训练版本，剔除不合格数据', 60],
    ['cloth-folding-2026q3', 'v1.1.0', 12, '补充毛巾折叠 4 条', 35],
    ['pick-and-place-2026q4', 'v1.0.0', 10, '首版', 30],
    ['dc-bin-sorting-2026q4', 'v0.9.0', 9, '试训练版本', 25],
    ['dc-cup-stacking-2026q3', 'v1.0.0', 11, '三杯塔与五杯塔', 50],
    ['clean-grasp-ur5e-train', 'v1.0.0', 6, 'ACT 训练主集首版', 20],
    ['clean-grasp-ur5e-train', 'v1.2.0', 9, '加入低光照场景的合格抓取', 6],
  ];
  const versions = await seedRecords(
    demo,
    datasetVersion,
    tenantId,
    released.map(([name, version, bagCount, description, days]) => ({
      datasetId: id(name),
      version,
      bagCount,
      description,
      createdBy: 'rd',
      createdTime: ago(days),
    })),
    now,
  );
  const versionOf = (name: string, version: string) => versions.find((record) => record.datasetId === id(name) && record.version === version)!.id;

  const sets: [string, string, string, string, string, number, number, number, number][] = [
    ['cloth-folding-act-v1.0', 'cloth-folding-2026q3', 'v1.0.0', 'lerobot', 'success', 8, 86_400, 12.4, 58],
    ['cloth-folding-act-v1.1', 'cloth-folding-2026q3', 'v1.1.0', 'lerobot', 'success', 12, 131_760, 18.9, 33],
    ['bin-sorting-diffusion-v0.9', 'dc-bin-sorting-2026q4', 'v0.9.0', 'hdf5', 'failed', 0, 0, 0, 24],
    ['cup-stacking-rlds-v1.0', 'dc-cup-stacking-2026q3', 'v1.0.0', 'rlds', 'success', 11, 72_600, 9.7, 48],
    ['ur5e-clean-grasp-act-v1.0', 'clean-grasp-ur5e-train', 'v1.0.0', 'lerobot', 'success', 6, 41_400, 5.2, 19],
    ['ur5e-clean-grasp-act-v1.2', 'clean-grasp-ur5e-train', 'v1.2.0', 'lerobot', 'processing', 9, 0, 0, 1],
  ];
  await seedRecords(
    demo,
    trainingData,
    tenantId,
    sets.map(([name, source, version, format, status, episodeCount, frameCount, size, days]) => ({
      name,
      datasetId: id(source),
      datasetVersionId: versionOf(source, version),
      format,
      status,
      episodeCount,
      frameCount,
      sizeBytes: Math.round(size * GB),
      storagePath: status === 'success' ? `oss://edp-training-${tenantId}/${format}/${name}/` : '',
      description: status === 'failed' ? '转换时第 4 条数据缺少右臂关节话题，已退回' : '',
      createdBy: 'rd',
      createdTime: ago(days),
    })),
    now,
  );

  const templates = (await sql<{ id: number; taskType: string }>`select id, task_type as "taskType" from template_tasks order by id`.execute(db)).rows;
  const template = (taskType: string) => templates.find((row) => row.taskType === taskType)?.id;
  const runs: [string, string, string, number, string, number, number, number][] = [
    ['叠衣服切片抽帧-0901', 'cloth-folding-2026q3', 'data_processing', 12, 'success', 100, 62, 1.6],
    ['叠衣服切片抽帧-0922', 'cloth-folding-2026q3', 'data_processing', 12, 'success', 100, 40, 1.2],
    ['抓放数据抽帧-1028', 'pick-and-place-2026q4', 'data_processing', 10, 'failed', 35, 25, 0.4],
    ['料箱分拣切片-1102', 'dc-bin-sorting-2026q4', 'data_processing', 9, 'processing', 62, 1, 0],
    ['掉落片段评测-1110', 'grasp-failures-2026q4', 'evaluation', 12, 'success', 100, 12, 0.8],
    ['UR5e 合格抓取抽帧-1120', 'clean-grasp-ur5e-train', 'data_processing', 9, 'pending', 0, 2, 0],
  ];
  const hours = (days: number, span: number) => ({
    startedTime: ago(days).toISOString(),
    finishedTime: new Date(ago(days).getTime() + span * 3_600_000).toISOString(),
  });
  await seedRecords(
    demo,
    processingRecord,
    tenantId,
    runs.flatMap(([name, source, taskType, filteredDataCount, status, progress, days, span]) => {
      const templateTaskId = template(taskType);
      if (!templateTaskId) return []; // the platform's templates were removed
      const times = status === 'pending' ? {} : status === 'processing' ? { startedTime: ago(days).toISOString() } : hours(days, span);
      return [{ name, datasetId: id(source), templateTaskId, filteredDataCount, status, progress, ...times, createdBy: 'rd', createdTime: ago(days) }];
    }),
    now,
  );
};
