import { sql } from 'kysely';
import { demoBags } from './demo-bags';
import { DEMO_SECTIONS } from './demo/index';
import type { Db } from './tables';

export const DEMO_LABELS = [
  { name: 'Drop Error', labelType: 'failure', description: '抓取后物体掉落（grasp/drop error）' },
  { name: 'Object Too Small', labelType: 'failure', description: '物体在相机视野中过小' },
  { name: 'Bag End Too Early', labelType: 'failure', description: '数据包过早结束' },
  { name: 'Clean Grasp', labelType: 'quality', description: '抓取动作干净利落，可直接用于训练' },
  { name: 'Cluttered Table', labelType: 'scene', description: '桌面杂物较多' },
  { name: 'Low Light', labelType: 'scene', description: '光照不足' },
];

const platformRows = (now: Date) => ({
  task_images: [
    { name: 'ROS 2 Humble + CUDA 12.4', image: 'registry.edp.local/edp/ros2-humble-cuda:12.4', description: '数据处理与回放的基础镜像' },
    { name: 'LeRobot training', image: 'registry.edp.local/edp/lerobot-train:0.3.1', description: 'ACT / Diffusion Policy 训练' },
    { name: 'Bag tools', image: 'registry.edp.local/edp/bag-tools:1.8.0', description: 'mcap/bag 解析、切片与转换' },
  ],
  ota_packages: [
    { official_version: '2.4.3', atc_artifact_id: 101, status: 'INACTIVE', description: '上一稳定版本' },
    { official_version: '2.5.0', atc_artifact_id: 118, status: 'ACTIVE', description: '双臂同步与遥操作延迟优化' },
    { official_version: '2.5.1', atc_artifact_id: 124, status: 'PENDING', description: '修复夹爪力控抖动' },
  ],
  stamp: { created_by: 'seed', updated_by: 'seed', created_time: now, updated_time: now },
});

/**
 * The demo space's records and the platform's shared catalogues, each table filled only while empty.
 * The first start's seed calls it inside its transaction (server/db/seed.ts), so it runs once per
 * database: tables emptied later stay empty.
 */
export async function seedDemoData(trx: Db, now: Date): Promise<void> {
  const demo = await trx.selectFrom('tenants').select('id').where('code', '=', 'demo').executeTakeFirst();
  const { task_images, ota_packages, stamp } = platformRows(now);
  const empty = async (table: string, tenantId?: number) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} ${tenantId ? sql`where tenant_id = ${tenantId}` : sql``}`.execute(trx)).rows[0]!
        .n,
    ) === 0;

  if (await empty('task_images')) {
    for (const image of task_images)
      await sql`insert into task_images (name, image, description, created_by, updated_by, created_time, updated_time) values (${image.name}, ${image.image}, ${image.description}, ${stamp.created_by}, ${stamp.updated_by}, ${now}, ${now})`.execute(
        trx,
      );
  }
  if (await empty('template_tasks')) {
    const images = (await sql<{ id: number; name: string }>`select id, name from task_images order by id`.execute(trx)).rows;
    const templates = [
      [
        'Bag 切片与抽帧',
        '按时间窗切分 bag 并抽取关键帧',
        'data_processing',
        'system',
        'manual',
        images[2],
        { window_seconds: 10, fps: 5, output: 'oss://edp-processed' },
      ],
      ['ACT 策略训练', '基于 LeRobot 的 ACT 策略训练模板', 'training', 'system', 'manual', images[1], { policy: 'act', epochs: 200, batch_size: 64, lr: 1e-5 }],
      [
        '结构化数据评测',
        '对结构化数据集计算成功率与时长指标',
        'evaluation',
        'system',
        'scheduled',
        images[0],
        { metrics: ['success_rate', 'episode_length'], schedule: '0 2 * * *' },
      ],
      ['模型导出 ONNX', '导出部署用 ONNX 模型', 'export', 'custom', 'manual', images[1], { format: 'onnx', opset: 17 }],
    ] as const;
    for (const [name, description, taskType, taskUsage, triggerType, image, conf] of templates) {
      await sql`insert into template_tasks (name, description, task_type, task_usage, trigger_type, task_image_id, task_conf_str, created_by, updated_by, created_time, updated_time)
        values (${name}, ${description}, ${taskType}, ${taskUsage}, ${triggerType}, ${image?.id ?? null}, ${JSON.stringify(conf, null, 2)}, 'seed', 'seed', ${now}, ${now})`.execute(
        trx,
      );
    }
  }
  if (await empty('ota_packages')) {
    for (const item of ota_packages)
      await sql`insert into ota_packages (official_version, atc_artifact_id, status, description, created_by, updated_by, created_time, updated_time) values (${item.official_version}, ${item.atc_artifact_id}, ${item.status}, ${item.description}, 'seed', 'seed', ${now}, ${now})`.execute(
        trx,
      );
  }
  if (!demo) return;
  if (await empty('quality_labels', demo.id)) {
    for (const label of DEMO_LABELS)
      await sql`insert into quality_labels (tenant_id, name, label_type, description, created_by, updated_by, created_time, updated_time) values (${demo.id}, ${label.name}, ${label.labelType}, ${label.description}, 'seed', 'seed', ${now}, ${now})`.execute(
        trx,
      );
  }
  if (await empty('bags', demo.id)) {
    const rows = demoBags(demo.id, 400, now);
    for (let start = 0; start < rows.length; start += 100)
      await (trx as unknown as Db)
        .insertInto('bags' as never)
        .values(rows.slice(start, start + 100) as never)
        .execute();
  }
  if (await empty('feedback', demo.id)) {
    const feedback = [
      ['data', 5, '原始数据列表的筛选和导出很好用', 'resolved', 'rd'],
      ['data', 3, '希望工单列表支持按数采员批量分配', 'processing', 'operator'],
      ['training', 4, '训练记录能否显示 GPU 利用率？', 'new', 'admin'],
    ] as const;
    for (const [module, rating, description, status, by] of feedback) {
      await sql`insert into feedback (tenant_id, module, rating, description, meta, status, created_by, updated_by, created_time, updated_time)
        values (${demo.id}, ${module}, ${rating}, ${description}, ${JSON.stringify({ page: `/${module}`, userAgent: 'Chrome' })}, ${status}, ${by}, ${by}, ${now}, ${now})`.execute(
        trx,
      );
    }
  }
  for (const seedSection of DEMO_SECTIONS) await seedSection(trx, demo.id, now);
}
