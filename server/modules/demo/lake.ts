import { sql } from 'kysely';
import { dataset } from '../../../model/schemas/dataset';
import { datasetItem } from '../../../model/schemas/dataset-item';
import { datasetVersion } from '../../../model/schemas/dataset-version';
import { processingRecord } from '../../../model/schemas/processing-record';
import { trainingData } from '../../../model/schemas/training-data';
import { trainingMapping } from '../../../model/schemas/training-mapping';
import { systemActor } from '../../engine/actor';
import type { Db } from '../../db/tables';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const DAY = 86_400_000;

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
  const { rows } = await sql<{ id: number; plan: string }>`select id, dc_plan_id as plan from bags
    where tenant_id = ${tenantId} and ${where} order by bag_start_time desc limit 12`.execute(db);
  return rows;
}

/** Where each kind's members come from: a raw dataset's are picked below, a collection dataset follows its scene's commonest plan, a logic one its filter. */
function sourceOf(kind: string, pick: Selection, bags: { plan: string }[]) {
  if (kind === 'dc') {
    const plans = new Map<string, number>();
    for (const bag of bags) plans.set(bag.plan, (plans.get(bag.plan) ?? 0) + 1);
    return { dcPlanId: [...plans].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'PLAN-100' };
  }
  if (kind === 'logic' && 'label' in pick)
    return { filter: JSON.stringify({ labelList: pick.label, ...(pick.robotType ? { robotType: pick.robotType } : {}) }) };
  return {};
}

/**
 * Spec §2 data lake: datasets of the three kinds over the demo bags, and versions published the way a
 * person publishes them (the publishing hook freezes members and hashes them): a raw dataset grows
 * between two versions; the logic dataset's two versions have the same content.
 */
export const seedLake: SectionSeed = async (demo, tenantId, now) => {
  const { db, records } = demo;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const members = await Promise.all(DATASETS.map((spec) => bagsFor(db, tenantId, spec.pick)));
  const datasets = await seedRecords(
    demo,
    dataset,
    tenantId,
    DATASETS.map(({ pick, ...spec }, i) => ({
      ...spec,
      ...sourceOf(spec.datasetType, pick, members[i]!),
      createdBy: spec.owner === 'rd' ? 'rd' : 'admin',
      createdTime: ago(80 - i * 8),
    })),
    now,
  );
  if (datasets.length === 0) return; // seeded before
  const id = (name: string) => datasets.find((record) => record.name === name)!.id;
  const actor = systemActor(tenantId);
  const publish = (name: string, version: string, description: string, days: number) =>
    records.create(actor, datasetVersion, { datasetId: id(name), version, description, createdBy: 'rd', createdTime: ago(days) });
  const pick = (record: (typeof datasets)[number], from: number, to: number) =>
    records.createMany(
      actor,
      datasetItem,
      members[datasets.indexOf(record)]!.slice(from, to).map((bag) => ({ datasetId: record.id, bagId: bag.id, createdBy: record.createdBy })),
    );

  for (const record of datasets.filter((candidate) => candidate.datasetType === 'raw')) await pick(record, 0, 8);
  await publish('cloth-folding-2026q3', '1.0.0', '首个可训练版本，剔除不合格数据', 60);
  await publish('pick-and-place-2026q4', '1.0.0', '首版', 30);
  await pick(
    datasets.find((record) => record.name === 'cloth-folding-2026q3')!,
    8,
    12,
  );
  await publish('cloth-folding-2026q3', '1.1.0', '补充毛巾折叠 4 条', 35);
  await publish('dc-bin-sorting-2026q4', '0.9.0', '试训练版本', 25);
  await publish('dc-cup-stacking-2026q3', '1.0.0', '三杯塔与五杯塔', 50);
  await publish('clean-grasp-ur5e-train', '1.0.0', 'ACT 训练主集首版', 20);
  await publish('clean-grasp-ur5e-train', '1.2.0', '加入低光照场景的合格抓取', 6);
  // How a UR5e's recordings become LeRobot frames (the demo's bags have no files to export: upload some).
  await seedRecords(
    demo,
    trainingMapping,
    tenantId,
    [{ robotType: 'UR5e', mapping: JSON.stringify(UR5E_MAPPING, null, 2), description: '关节状态 30 fps，前置与腕部相机' }],
    now,
  );
  // Exported by the server's job as any training set is: the demo's bags have no recordings, so these fail, saying why.
  const versionId = async (name: string, version: string) =>
    Number((await sql<{ id: number }>`select id from dataset_versions where dataset_id = ${id(name)} and version = ${version}`.execute(db)).rows[0]!.id);
  await seedRecords(
    demo,
    trainingData,
    tenantId,
    [
      { name: 'ur5e-clean-grasp-act-v1.0', datasetVersionId: await versionId('clean-grasp-ur5e-train', '1.0.0'), createdBy: 'rd', createdTime: ago(19) },
      { name: 'cloth-folding-act-v1.1', datasetVersionId: await versionId('cloth-folding-2026q3', '1.1.0'), createdBy: 'rd', createdTime: ago(33) },
    ],
    now,
  );
};

const UR5E_MAPPING = {
  fps: 30,
  state: { topic: '/joint_states', field: 'position' },
  action: { topic: '/arm_controller/command', field: 'position' },
  cameras: [
    { name: 'front', topic: '/camera/front/image_raw/compressed' },
    { name: 'wrist', topic: '/camera/wrist/image_raw/compressed' },
  ],
  task: 'pick up the object and place it in the bin',
};

/** Processing records waiting to be started on the space's processing task (seeded after the tasks). */
export const seedProcessing: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const task = (
    await sql<{
      id: number;
    }>`select id from tasks where tenant_id = ${tenantId} and task_type = 'data_processing' and status = 'active' order by id limit 1`.execute(db)
  ).rows[0];
  const versions = (
    await sql<{ id: number; name: string }>`select v.id, d.name || '@' || v.version as name from dataset_versions v
    join datasets d on d.id = v.dataset_id where v.tenant_id = ${tenantId}`.execute(db)
  ).rows;
  const version = (key: string) => versions.find((row) => row.name === key)?.id;
  if (!task) return;
  const runs: [string, string, string][] = [
    ['叠衣服切片抽帧', 'cloth-folding-2026q3@1.1.0', ''],
    ['UR5e 合格抓取抽帧', 'clean-grasp-ur5e-train@1.2.0', JSON.stringify({ qualityLabel: 'qualified' })],
  ];
  await seedRecords(
    demo,
    processingRecord,
    tenantId,
    runs.flatMap(([name, key, memberFilter]) =>
      version(key) ? [{ name, datasetVersionId: version(key), taskId: Number(task.id), memberFilter, createdBy: 'rd', createdTime: now }] : [],
    ),
    now,
  );
};
