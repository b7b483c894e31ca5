import { bag } from '../../../model/schemas/bag';
import { feedback } from '../../../model/schemas/feedback';
import { label } from '../../../model/schemas/label';
import { taskImage } from '../../../model/schemas/task-image';
import { templateTask } from '../../../model/schemas/template-task';
import { demoBags } from './demo-bags';
import type { RecordService } from '../../engine/record-service';
import { findTenantByCode } from '../tenants/tenants';
import { DEMO_SECTIONS, type DemoWriter } from './sections';
import { seedRecords } from './seed-records';

export const DEMO_LABELS = [
  { name: 'Drop Error', labelType: 'failure', description: '抓取后物体掉落（grasp/drop error）' },
  { name: 'Object Too Small', labelType: 'failure', description: '物体在相机视野中过小' },
  { name: 'Bag End Too Early', labelType: 'failure', description: '数据包过早结束' },
  { name: 'Clean Grasp', labelType: 'quality', description: '抓取动作干净利落，可直接用于训练' },
  { name: 'Cluttered Table', labelType: 'scene', description: '桌面杂物较多' },
  { name: 'Low Light', labelType: 'scene', description: '光照不足' },
  { name: 'Range Too Wide', labelType: 'rework', description: '标注范围超出动作起止帧' },
  { name: 'Missed Failure', labelType: 'rework', description: '漏标失败原因' },
];

const TASK_IMAGES = [
  {
    name: 'ROS 2 Humble + CUDA 12.4',
    image: 'registry.edp.local/edp/ros2-humble-cuda:12.4',
    entrypoint: 'python3 -u',
    description: '数据处理与回放的基础镜像',
  },
  { name: 'LeRobot training', image: 'registry.edp.local/edp/lerobot-train:0.3.1', entrypoint: 'python3 -u', description: 'ACT / Diffusion Policy 训练' },
  { name: 'Bag tools', image: 'registry.edp.local/edp/bag-tools:1.8.0', entrypoint: 'python3 -u', description: 'mcap/bag 解析、切片与转换' },
];

/** Templates by the image they run on (its index in TASK_IMAGES). */
const TEMPLATES = [
  ['Bag 切片与抽帧', '按时间窗切分 bag 并抽取关键帧', 'data_processing', 'system', 'manual', 2, { window_seconds: 10, fps: 5, output: 'oss://edp-processed' }],
  ['ACT 策略训练', '基于 LeRobot 的 ACT 策略训练模板', 'training', 'system', 'manual', 1, { policy: 'act', epochs: 200, batch_size: 64, lr: 1e-5 }],
  [
    '结构化数据评测',
    '对结构化数据集计算成功率与时长指标',
    'evaluation',
    'system',
    'scheduled',
    0,
    { metrics: ['success_rate', 'episode_length'], schedule: '0 2 * * *' },
  ],
  ['模型导出 ONNX', '导出部署用 ONNX 模型', 'export', 'custom', 'manual', 1, { format: 'onnx', opset: 17 }],
] as const;

const FEEDBACK = [
  ['data', 5, '原始数据列表的筛选和导出很好用', 'resolved', 'rd'],
  ['data', 3, '希望工单列表支持按数采员批量分配', 'processing', 'operator'],
  ['training', 4, '训练记录能否显示 GPU 利用率？', 'new', 'admin'],
] as const;

/**
 * The platform's shared catalogues and the demo space's records, each table filled only while
 * empty, written by the system through the record service. The first start's seed calls it inside
 * its transaction (server/db/seed.ts), so it runs once per database: tables emptied later stay empty.
 */
export async function seedDemoData(demo: DemoWriter, demoTenantId: number | undefined, now: Date): Promise<void> {
  const images = await seedRecords(demo, taskImage, null, TASK_IMAGES, now);
  if (images.length) {
    const templates = TEMPLATES.map(([name, description, taskType, taskUsage, triggerType, image, conf]) => ({
      name,
      description,
      taskType,
      taskUsage,
      triggerType,
      taskImageId: images[image]!.id,
      taskConfStr: JSON.stringify(conf, null, 2),
    }));
    await seedRecords(demo, templateTask, null, templates, now);
  }
  if (demoTenantId === undefined) return;
  await seedRecords(demo, label, demoTenantId, DEMO_LABELS, now);
  const bags = demoBags(demoTenantId, 400, now).map(({ tenantId: _tenant, updatedBy: _by, updatedTime: _time, ...values }) => values);
  await seedRecords(demo, bag, demoTenantId, bags, now);
  const notes = FEEDBACK.map(([module, rating, description, status, by]) => ({
    module,
    rating,
    description,
    meta: JSON.stringify({ page: `/${module}`, userAgent: 'Chrome' }),
    status,
    createdBy: by,
  }));
  await seedRecords(demo, feedback, demoTenantId, notes, now);
  for (const seedSection of DEMO_SECTIONS) await seedSection(demo, demoTenantId, now);
}

/** The demo's records for a database whose seed left them out (tests): into its demo space, in one transaction. */
export const seedDemoRecords = (records: RecordService, now: Date): Promise<void> =>
  records.transaction(async (service, db) => seedDemoData({ db, records: service }, (await findTenantByCode(db, 'demo'))?.id, now));
