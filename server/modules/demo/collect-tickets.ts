import { sql } from 'kysely';
import { collectionElement } from '../../../model/schemas/collection-element';
import { collectionPlan } from '../../../model/schemas/collection-plan';
import { integrationRecord } from '../../../model/schemas/integration-record';
import { subPlan } from '../../../model/schemas/sub-plan';
import { ticket } from '../../../model/schemas/ticket';
import { annotation } from '../../../model/schemas/annotation';
import { ticketItem } from '../../../model/schemas/ticket-item';
import { ticketJob } from '../../../model/schemas/ticket-job';
import { systemActor } from '../../engine/actor';
import { rejectJob } from '../tickets/reject-job';
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

/** A ticket of the demo: the version it works on, its team, and how far its team has got. */
interface DemoTicket {
  version: [dataset: string, version: string];
  ticketType: 'label' | 'processing' | 'quality_check';
  teamName: string;
  days: number;
  /** Jobs accepted, submitted (one of them rejected once first), started; the rest wait. */
  progress: { accepted: number; submitted: number; started: number; rejected?: number };
  done?: true;
  description: string;
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    version: ['pick-and-place-2026q4', '1.0.0'],
    ticketType: 'label',
    teamName: '苏州标注一组',
    days: 28,
    progress: { accepted: 4, submitted: 0, started: 0, rejected: 1 },
    done: true,
    description: '标注抓取成败与失败原因，逐条核对起止帧',
  },
  {
    version: ['cloth-folding-2026q3', '1.1.0'],
    ticketType: 'label',
    teamName: '苏州标注一组',
    days: 20,
    progress: { accepted: 2, submitted: 2, started: 1, rejected: 1 },
    description: '标注折叠阶段（平铺、对折、再对折）与失败原因',
  },
  {
    version: ['clean-grasp-ur5e-train', '1.2.0'],
    ticketType: 'quality_check',
    teamName: '质检组',
    days: 5,
    progress: { accepted: 1, submitted: 1, started: 1 },
    description: '抽检 20%，不合格退回重采',
  },
  {
    version: ['dc-cup-stacking-2026q3', '1.0.0'],
    ticketType: 'processing',
    teamName: '数据处理组',
    days: 12,
    progress: { accepted: 0, submitted: 0, started: 0 },
    description: '切片抽帧，5 fps，输出 LeRobot 格式',
  },
  {
    version: ['dc-bin-sorting-2026q4', '0.9.0'],
    ticketType: 'label',
    teamName: '北京标注组',
    days: 3,
    progress: { accepted: 0, submitted: 0, started: 0 },
    description: '仓储拣选场景标注',
  },
];

/** Minutes a demo job spends in progress, by its number: the statistic tab has work of different paces to show. */
const MINUTES = [42, 35, 58, 27, 64, 39, 47];

/**
 * Tickets made from the demo's versions the way a manager makes one, their jobs then moved the way
 * their team would (started, submitted, a rejection, accepted): states, counts and statistics are
 * the server's own. The moves are dated afterwards to spread over the ticket's days, as a history.
 */
async function seedTickets(demo: DemoWriter, tenantId: number, now: Date, team: (name: string) => { id: number; managers: string[] }) {
  const { db, records } = demo;
  const actor = systemActor(tenantId);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const versionOf = async ([dataset, version]: DemoTicket['version']) =>
    (
      await sql<{ id: string }>`select v.id from dataset_versions v join datasets d on d.id = v.dataset_id
        where d.tenant_id = ${tenantId} and d.name = ${dataset} and v.version = ${version}`.execute(db)
    ).rows[0]?.id;
  for (const [index, plan] of DEMO_TICKETS.entries()) {
    const versionId = await versionOf(plan.version);
    if (!versionId) continue;
    const crew = team(plan.teamName);
    const made = await records.create(actor, ticket, {
      name: `${plan.version[0]} ${TYPE_NAMES[plan.ticketType]} 第${index + 1}批`,
      ticketType: plan.ticketType,
      versionId: Number(versionId),
      batch: `${ago(plan.days).toISOString().slice(0, 10).replace(/-/g, '')}-01`,
      teamId: crew.id,
      manager: crew.managers[0]!,
      jobSize: 2,
      description: plan.description,
      createdBy: crew.managers[0] === 'operator' ? 'admin' : crew.managers[0]!,
      createdTime: ago(plan.days),
    });
    const ticketId = Number(made.id);
    const jobs = (await sql<{ id: string }>`select id from ticket_jobs where ticket_id = ${ticketId} order by number`.execute(db)).rows.map((row) =>
      Number(row.id),
    );
    const { accepted, submitted, started, rejected = 0 } = plan.progress;
    const move = (action: string, ids: number[]) => (ids.length ? records.transition(actor, ticketJob, action, ids) : Promise.resolve([]));
    const reviewed = jobs.slice(0, accepted + submitted);
    const worked = jobs.slice(0, accepted + submitted + started);
    await move('start', worked);
    await annotateDemo(demo, tenantId, worked);
    await move('submit', reviewed);
    for (const id of reviewed.slice(0, rejected)) {
      await records.transaction((service, trx) => rejectJob(service, trx, actor, now, id, REWORK_REASON, '请按起止帧重新裁剪'));
      await move('rework', [id]);
      await move('submit', [id]);
    }
    await move('accept', jobs.slice(0, accepted));
    if (plan.done) await records.update(actor, ticket, { id: ticketId, status: 'done' });
    // Spread the moves over the ticket's days, each job's in its own order.
    await sql`
      update ticket_job_events e set created_time = ${ago(plan.days)}::timestamptz
        + ((j.number - 1) * interval '5 hours') + (r.n * (${MINUTES}::int[])[1 + (j.number - 1) % ${MINUTES.length}] * interval '1 minute')
      from (select id, row_number() over (partition by job_id order by id) - 1 as n from ticket_job_events where ticket_id = ${ticketId}) r,
        ticket_jobs j
      where r.id = e.id and j.id = e.job_id`.execute(db);
  }
}

const TYPE_NAMES: Record<string, string> = { label: '标注', processing: '处理', quality_check: '质检' };

/**
 * What the demo's annotators marked on the recordings of the jobs they worked: a range of the grasp
 * with a label of the space, and a verdict (every fifth recording unqualified, for a dropped object).
 */
async function annotateDemo({ db, records }: DemoWriter, tenantId: number, jobIds: number[]) {
  if (jobIds.length === 0) return;
  const actor = systemActor(tenantId);
  const labels = (await sql<{ id: string; name: string }>`select id, name from labels where tenant_id = ${tenantId}`.execute(db)).rows;
  const labelId = (name: string) => Number(labels.find((row) => row.name === name)?.id ?? labels[0]?.id);
  if (labels.length === 0) return;
  const { rows: items } = await sql<{ id: string; duration: string }>`
    select i.id, b.bag_duration as duration from ticket_items i join bags b on b.id = i.bag_id
    where i.tenant_id = ${tenantId} and i.job_id = any(${jobIds}::bigint[]) order by i.id`.execute(db);
  for (const [index, item] of items.entries()) {
    const duration = Number(item.duration);
    const dropped = index % 5 === 4;
    await records.create(actor, annotation, {
      itemId: Number(item.id),
      startOffset: Math.min(2, duration / 4),
      endOffset: Math.min(8, duration / 2),
      labelId: labelId(dropped ? 'Drop Error' : index % 2 ? 'Cluttered Table' : 'Clean Grasp'),
      subLabel: dropped ? 'release' : 'grasp',
      description: dropped ? '放置前物体滑落' : '抓取稳定',
    });
    await records.update(actor, ticketItem, {
      id: Number(item.id),
      qualityLabel: dropped ? 'unqualified' : 'qualified',
      qualitySubLabel: dropped ? 'Drop Error' : '',
    });
  }
}

/** The reason the demo's manager sends a job back for (one of the space's rework labels). */
const REWORK_REASON = 'Range Too Wide';
