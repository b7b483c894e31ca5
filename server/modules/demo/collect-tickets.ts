import { sql } from 'kysely';
import { collectionElement } from '../../../model/schemas/collection-element';
import { collectionPlan } from '../../../model/schemas/collection-plan';
import { integrationRecord } from '../../../model/schemas/integration-record';
import { subPlan } from '../../../model/schemas/sub-plan';
import { ticket } from '../../../model/schemas/ticket';
import { ticketItem } from '../../../model/schemas/ticket-item';
import { ticketTeam } from '../../../model/schemas/ticket-team';
import type { DemoWriter, SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const DAY = 86_400_000;

const ELEMENTS: [string, string, string[], string][] = [
  ['cloth-folding', 'scene', ['household', 'deformable'], '叠 T 恤与毛巾，桌面 1.2m × 0.8m'],
  ['drawer-opening', 'scene', ['household'], '三层抽屉柜，推拉把手与旋钮两种'],
  ['pick-and-place', 'scene', ['household', 'tabletop'], '杯子、积木与水果的桌面抓放'],
  ['cup-stacking', 'scene', ['tabletop'], '三杯塔与五杯塔'],
  ['bin-sorting', 'scene', ['warehouse'], '料箱分拣，SKU 12 种'],
  ['shelf-restocking', 'scene', ['warehouse', 'bimanual'], '货架补货，双臂协同'],
  ['fold-t-shirt', 'task', ['deformable'], '平铺、对折、再对折'],
  ['open-top-drawer', 'task', [], '拉开最上层抽屉至 20cm'],
  ['paper-cup', 'object', ['fragile'], '一次性纸杯，250ml'],
  ['towel', 'object', ['deformable'], '方巾 35cm × 35cm'],
  ['grasp', 'action', [], '接近、闭合夹爪、抬起'],
  ['place', 'action', [], '移动到目标位姿并松开'],
];

const PROJECTS: Record<string, string> = {
  'cloth-folding': 'household-manipulation',
  'pick-and-place': 'household-manipulation',
  'drawer-opening': 'household-manipulation',
  'cup-stacking': 'tabletop-skills',
  'bin-sorting': 'warehouse-picking',
  'shelf-restocking': 'warehouse-picking',
};
/** The robot types of the demo bags, by serial prefix. */
const ROBOT_TYPES: Record<string, string> = { UR5E: 'UR5e', FR3: 'Franka FR3', PIPER: 'AgileX Piper', G1: 'Unitree G1', RM65: 'Realman RM65' };

/** Plans as a team runs them: [name, task, target model, days from now, target, robot, tele type, dc type, operator, region, status]. */
const PLANS: [string, string, string, number, number, string, string, string, string, string, string][] = [
  ['PLAN-104 叠衣服 9月', 'cloth-folding', 'act-cloth-fold-v1', -80, 400, 'UR5E-A012', 'leader-follower', 'teleoperation', 'operator', 'suzhou', 'done'],
  ['PLAN-108 叠杯子 9月', 'cup-stacking', 'diffusion-cup-stack', -70, 300, 'FR3-B07', 'vr', 'teleoperation', 'li.na', 'beijing', 'done'],
  ['PLAN-112 料箱分拣 10月', 'bin-sorting', 'pi0-bin-sort', -45, 600, 'PIPER-A021', 'spacemouse', 'teleoperation', 'zhang.wei', 'suzhou', 'active'],
  ['PLAN-117 抓放 11月', 'pick-and-place', 'act-pick-place-v2', -20, 500, 'UR5E-A003', 'leader-follower', 'teleoperation', 'operator', 'suzhou', 'active'],
  ['PLAN-121 抽屉开合 11月', 'drawer-opening', 'act-drawer-v1', -10, 240, 'G1-A03', 'motion-capture', 'teleoperation', 'chen.jie', 'beijing', 'active'],
  ['PLAN-126 货架补货 12月', 'shelf-restocking', 'pi0-restock', 7, 800, 'RM65-A015', 'vr', 'teleoperation', 'wang.fang', 'beijing', 'draft'],
  ['PLAN-127 抓放自主回放', 'pick-and-place', 'act-pick-place-v2', 14, 200, 'UR5E-A012', 'spacemouse', 'autonomous', 'operator', 'suzhou', 'draft'],
];

const TEAMS = [
  { name: '苏州标注一组', managers: ['admin'], members: ['operator', 'zhang.wei', 'li.na'], description: '家居操作类数据的动作与失败原因标注' },
  { name: '数据处理组', managers: ['rd'], members: ['rd', 'chen.jie', 'wang.fang'], description: '切片、抽帧与格式转换' },
  { name: '质检组', managers: ['operator'], members: ['operator', 'li.na', 'zhao.lei'], description: '采集数据抽检与复核' },
  { name: '北京标注组', managers: ['zhou.ming'], members: ['sun.li', 'wang.fang', 'operator'], description: '仓储拣选场景标注' },
];

/** Spec §2 data collection and tickets: elements, plans with sub plans, integration runs, teams, and tickets over the lake's datasets and bags. */
export const seedCollectTickets: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await seedRecords(
    demo,
    collectionElement,
    tenantId,
    ELEMENTS.map(([name, elementType, tags, description], i) => ({ name, elementType, tags, description, createdBy: 'rd', createdTime: ago(120 - i) })),
    now,
  );

  const plans = await seedRecords(
    demo,
    collectionPlan,
    tenantId,
    PLANS.map(([name, task, model, days, targetCount, robot, teleType, dcType, operator, region, status]) => ({
      name,
      project: PROJECTS[task]!,
      task,
      model,
      scheduledDate: ago(-days).toISOString(),
      targetCount,
      robotType: ROBOT_TYPES[robot.split('-')[0]!]!,
      robot,
      teleType,
      dcType,
      operator,
      region,
      status,
      description: status === 'draft' ? '待确认场地与机器人排班' : '',
      createdBy: 'rd',
      createdTime: ago(Math.max(-days, 0) + 5),
    })),
    now,
  );
  // Each running or finished plan is split between robots and collectors.
  await seedRecords(
    demo,
    subPlan,
    tenantId,
    plans
      .filter((plan) => plan.status !== 'draft')
      .flatMap((plan, i) =>
        [0, 1].map((part) => {
          const done = plan.status === 'done';
          const target = Math.round(plan.targetCount! / 2);
          return {
            name: `SUB-${1100 + i * 10 + part} ${plan.task}`,
            planId: plan.id,
            targetCount: target,
            collectedCount: done ? target + part * 6 : part === 0 ? Math.round(target * (0.35 + 0.1 * i)) : 0,
            robot: part === 0 ? plan.robot : plan.robot.replace(/\d+$/, (n) => String(Number(n) + 1).padStart(n.length, '0')),
            operator: part === 0 ? plan.operator : ['zhang.wei', 'li.na', 'wang.fang', 'chen.jie'][i % 4]!,
            status: done ? 'done' : part === 0 ? 'collecting' : 'pending',
            createdBy: 'rd',
            createdTime: new Date(plan.createdTime),
          };
        }),
      ),
    now,
  );

  // Integration runs over what the plans' collectors really recorded.
  const runs: [number, string, number, number][] = [
    [0, 'success', 90, 60],
    [1, 'success', 75, 50],
    [2, 'failed', 40, 30],
    [2, 'success', 40, 20],
    [3, 'processing', 20, 5],
    [4, 'pending', 10, 1],
  ];
  const records = [];
  for (const [index, status, from, to] of runs) {
    const plan = plans[index];
    if (!plan) continue;
    const collectors = [...new Set([plan.operator, 'zhang.wei', 'li.na'])];
    const { rows } = await sql<{ n: string; size: string | null }>`select count(*) as n, sum(bag_size) as size from bags
      where tenant_id = ${tenantId} and scene_name = ${plan.task} and tele_operator = any(${collectors}) and bag_start_time between ${ago(from)} and ${ago(to)}`.execute(
      db,
    );
    const finished = status === 'success';
    records.push({
      name: `${plan.task}-${ago(to).toISOString().slice(0, 10).replace(/-/g, '')}`,
      planId: plan.id,
      collectors,
      startTime: ago(from).toISOString(),
      endTime: ago(to).toISOString(),
      bagCount: finished ? Number(rows[0]!.n) : null,
      totalSize: finished ? Number(rows[0]!.size ?? 0) : null,
      status,
      createdBy: 'rd',
      createdTime: ago(to),
    });
  }
  await seedRecords(demo, integrationRecord, tenantId, records, now);

  const teams = await seedRecords(
    demo,
    ticketTeam,
    tenantId,
    TEAMS.map((team, i) => ({ ...team, createdBy: 'admin', createdTime: ago(100 - i * 5) })),
    now,
  );
  if (teams.length === 0) return; // seeded before
  const team = (name: string) => teams.find((record) => record.name === name)!;
  await seedTickets(demo, tenantId, now, team);
};

interface DatasetRow {
  id: number;
  name: string;
  labelTickets: number;
  processingTickets: number;
}

interface BagRow {
  id: number;
  duration: number;
  quality: string;
  failure: string;
}

/** What an annotator writes for a bag, from what quality checking found in it. */
const annotationOf = (bag: BagRow): [string, string[], string] =>
  bag.failure
    ? [bag.failure.toLowerCase().replace(/ /g, '-'), [bag.failure], `${bag.failure}：已核对起止帧`]
    : bag.quality === 'qualified'
      ? ['grasp-success', ['Clean Grasp'], '抓取稳定，放置到位']
      : ['occluded-view', ['Low Light'], '腕部相机画面被遮挡，已人工复核'];

/** Label and processing tickets per demo dataset (the datasets count them as they are made). */
const TICKETS_PER_DATASET: Record<string, [label: number, processing: number]> = {
  'cloth-folding-2026q3': [2, 2],
  'pick-and-place-2026q4': [1, 1],
  'dc-bin-sorting-2026q4': [0, 1],
  'dc-cup-stacking-2026q3': [3, 0],
  'dc-shelf-restocking-2026q4': [1, 0],
  'grasp-failures-2026q4': [1, 1],
  'clean-grasp-ur5e-train': [0, 1],
};

/** Label and processing tickets per dataset, plus quality checks; each batch takes its share of the dataset's bags. */
async function seedTickets(demo: DemoWriter, tenantId: number, now: Date, team: (name: string) => { id: number; managers: string[]; members: string[] }) {
  const { db } = demo;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const datasets = (await sql<DatasetRow>`select id, name from datasets where tenant_id = ${tenantId} order by created_time`.execute(db)).rows.map((row) => {
    const [labelTickets, processingTickets] = TICKETS_PER_DATASET[row.name] ?? [0, 0];
    return { ...row, id: Number(row.id), labelTickets, processingTickets };
  });
  if (datasets.length === 0) return;
  const bagsOf = async (datasetId: number) =>
    (
      await sql<BagRow>`select b.id, b.bag_duration as duration, b.quality_label as quality, b.quality_sub_label as failure
        from dataset_items i join bags b on b.id = i.bag_id
        where i.tenant_id = ${tenantId} and i.dataset_id = ${datasetId} order by b.bag_start_time`.execute(db)
    ).rows.map((row) => ({ ...row, id: Number(row.id), duration: Number(row.duration) }));

  // The demo operator both manages quality checks and works label tickets: both of its lists have rows.
  const plan: { datasetId: number; ticketType: string; teamName: string; batch: number; of: number }[] = [];
  for (const dataset of datasets) {
    const labelTeam = /bin|shelf/.test(dataset.name) ? '北京标注组' : '苏州标注一组';
    for (let n = 0; n < dataset.labelTickets; n += 1)
      plan.push({ datasetId: dataset.id, ticketType: 'label', teamName: labelTeam, batch: n, of: dataset.labelTickets });
    for (let n = 0; n < dataset.processingTickets; n += 1)
      plan.push({ datasetId: dataset.id, ticketType: 'processing', teamName: '数据处理组', batch: n, of: dataset.processingTickets });
  }
  for (const dataset of datasets.slice(0, 2)) plan.push({ datasetId: dataset.id, ticketType: 'quality_check', teamName: '质检组', batch: 0, of: 1 });

  const TYPE_NAMES: Record<string, string> = { label: '标注', processing: '处理', quality_check: '质检' };
  const NOTES: Record<string, string> = {
    label: '标注抓取成败与失败原因，逐条核对起止帧',
    processing: '切片抽帧，5 fps，输出 LeRobot 格式',
    quality_check: '抽检 20%，不合格退回重采',
  };
  const STATUSES = ['done', 'processing', 'pending', 'done', 'processing'];
  const rows = [];
  const shares = new Map<number, BagRow[]>();
  for (const [i, entry] of plan.entries()) {
    const dataset = datasets.find((candidate) => candidate.id === entry.datasetId)!;
    const all = await bagsOf(dataset.id);
    const size = Math.ceil(all.length / entry.of);
    const bags = all.slice(entry.batch * size, (entry.batch + 1) * size);
    shares.set(i, bags);
    const crew = team(entry.teamName);
    const days = 70 - i * 4;
    rows.push({
      name: `${dataset.name} ${TYPE_NAMES[entry.ticketType]} 第${entry.batch + 1}批`,
      ticketType: entry.ticketType,
      datasetId: dataset.id,
      batch: `${ago(days).toISOString().slice(0, 10).replace(/-/g, '')}-${String(entry.batch + 1).padStart(2, '0')}`,
      dataCount: bags.length,
      duration: bags.reduce((sum, bag) => sum + bag.duration, 0),
      teamId: crew.id,
      manager: crew.managers[0]!,
      operators: crew.members.slice(0, 2 + (i % 2)),
      status: STATUSES[i % STATUSES.length]!,
      description: NOTES[entry.ticketType]!,
      createdBy: crew.managers[0] === 'operator' ? 'admin' : crew.managers[0]!,
      createdTime: ago(days),
    });
  }
  const tickets = await seedRecords(demo, ticket, tenantId, rows, now);

  // Annotations of the label and quality-check tickets under way: the ticket lists its bags, each bag its tickets.
  const items = tickets.flatMap((record, i) => {
    if (record.ticketType === 'processing' || record.status === 'pending') return [];
    const bags = shares.get(i)!;
    const annotated = record.status === 'done' ? bags : bags.slice(0, Math.ceil(bags.length / 2));
    return annotated.slice(0, 4).map((bag, j) => {
      const [label, tags, annotation] = annotationOf(bag);
      return {
        ticketId: record.id,
        bagId: bag.id,
        label,
        tags,
        annotation,
        status: record.status === 'done' ? 'approved' : j === 2 ? 'rejected' : 'labeled',
        createdBy: record.operators[j % record.operators.length]!,
        createdTime: new Date(new Date(record.createdTime).getTime() + (j + 1) * 3_600_000),
      };
    });
  });
  await seedRecords(demo, ticketItem, tenantId, items, now);
}
