import { sql } from 'kysely';
import { artifact } from '../../../model/schemas/artifact';
import { artifactModel } from '../../../model/schemas/artifact-model';
import { ctRecord } from '../../../model/schemas/ct-record';
import { modelCard } from '../../../model/schemas/model-card';
import { modelCardDataset } from '../../../model/schemas/model-card-dataset';
import { modelExport } from '../../../model/schemas/model-export';
import { otaPackage } from '../../../model/schemas/ota-package';
import { trainingRecord } from '../../../model/schemas/training-record';
import { trainingRecordDataset } from '../../../model/schemas/training-record-dataset';
import type { Db } from '../../db/tables';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const DAY = 86_400_000;
const CAMERAS = ['cam_high', 'cam_left_wrist', 'cam_right_wrist'];

/** A plausible 40-hex commit, stable per seed text. */
const commit = (seed: string) => {
  let hash = 2166136261;
  return Array.from({ length: 40 }, (_, i) => {
    hash = Math.imul(hash ^ seed.charCodeAt(i % seed.length) ^ i, 16777619) >>> 0;
    return (hash % 16).toString(16);
  }).join('');
};

const config = (policy: string, steps: number, extra: Record<string, unknown>) =>
  JSON.stringify({ policy, steps, batch_size: 8, optimizer: 'adamw', lr: 1e-5, camera_names: CAMERAS, seed: 1000, ...extra }, null, 2);

/** The demo task a training record's start runs (server/modules/demo/task-flow-console.ts). */
const TRAINING_TASK = 'policy-train';

/** name, task, foundation model, status, datasets ("dataset@version"), steps, trainer, days ago, description. */
const RECORDS: [string, string, string, string, string[], number, string, number, string][] = [
  ['act-cloth-folding-v1', 'cloth-folding', 'act', 'succeeded', ['cloth-folding-2026q3@v1.0.0'], 100_000, 'rd', 57, 'T 恤折叠基线，chunk 100'],
  [
    'act-cloth-folding-v2',
    'cloth-folding',
    'act',
    'succeeded',
    ['cloth-folding-2026q3@v1.0.0', 'cloth-folding-2026q3@v1.1.0'],
    200_000,
    'rd',
    32,
    '加入毛巾折叠数据',
  ],
  ['act-cloth-folding-v3', 'cloth-folding', 'act', 'succeeded', ['cloth-folding-2026q3@v1.1.0'], 200_000, 'admin', 18, 'KL 权重调至 20，成功率 82%'],
  ['act-cloth-folding-v4', 'cloth-folding', 'act', 'pending', ['cloth-folding-2026q3@v1.1.0'], 300_000, 'rd', 2, '加长 chunk 到 120 试验'],
  ['pi0-cup-stacking-v1', 'cup-stacking', 'pi0', 'succeeded', ['dc-cup-stacking-2026q3@v1.0.0'], 30_000, 'rd', 44, 'π0 全参微调，三杯与五杯塔'],
  [
    'diffusion-bin-sorting-v0.9',
    'bin-sorting',
    'diffusion_policy',
    'failed',
    ['dc-bin-sorting-2026q4@v0.9.0'],
    150_000,
    'admin',
    23,
    '训练集转换失败，数据加载报错',
  ],
  [
    'diffusion-drawer-open-v1',
    'drawer-opening',
    'diffusion_policy',
    'stopped',
    ['pick-and-place-2026q4@v1.0.0'],
    150_000,
    'rd',
    12,
    '先用抓放数据预训练，等抽屉数据集发版后继续',
  ],
  ['act-ur5e-grasp-v1', 'pick-and-place', 'act', 'succeeded', ['clean-grasp-ur5e-train@v1.0.0'], 80_000, 'rd', 16, 'UR5e 干净抓取主集'],
  ['act-ur5e-grasp-v1.2', 'pick-and-place', 'act', 'pending', ['clean-grasp-ur5e-train@v1.2.0'], 80_000, 'rd', 1, '等待训练集 v1.2 转换完成'],
];

/** Cards of the finished runs: record, model type, steps, branch, file. */
const CARDS: [string, string, number, string, string][] = [
  ['act-cloth-folding-v1', 'act', 100_000, 'feature/act-cloth', 'act_cloth_folding_v1_step100000.ckpt'],
  ['act-cloth-folding-v2', 'act', 200_000, 'feature/act-cloth', 'act_cloth_folding_v2_step200000.ckpt'],
  ['act-cloth-folding-v3', 'act', 200_000, 'main', 'act_cloth_folding_v3_step200000.ckpt'],
  ['pi0-cup-stacking-v1', 'pi0', 30_000, 'feature/pi0-finetune', 'pi0_cup_stacking_v1.safetensors'],
  ['act-ur5e-grasp-v1', 'act', 80_000, 'main', 'act-ur5e-grasp-v1.step80000.ckpt'],
];

/** Exports: target id, source card, export type, target type, server sn, status, progress, days ago. */
const EXPORTS: [string, string, string, string, string, string, number, number][] = [
  ['act-cloth-folding-v2_om_310p', 'act-cloth-folding-v2', 'atc', 'om', 'ATC-310P-SZ01', 'success', 100, 30],
  ['act-cloth-folding-v2_trt_fp16', 'act-cloth-folding-v2', 'tensorrt', 'engine', 'GPU-4090-BJ02', 'success', 100, 30],
  ['act-cloth-folding-v3_om_310p', 'act-cloth-folding-v3', 'atc', 'om', 'ATC-310P-SZ02', 'success', 100, 15],
  ['act-cloth-folding-v3_trt_fp16', 'act-cloth-folding-v3', 'tensorrt', 'engine', 'GPU-4090-BJ02', 'success', 100, 14],
  ['act-ur5e-grasp-v1_trt_fp16', 'act-ur5e-grasp-v1', 'tensorrt', 'engine', 'GPU-4090-BJ02', 'success', 100, 3],
  ['act-ur5e-grasp-v1_om_310p', 'act-ur5e-grasp-v1', 'atc', 'om', 'ATC-310P-SZ02', 'pending', 0, 0],
  ['pi0-cup-stacking-v1_om_310p', 'pi0-cup-stacking-v1', 'atc', 'om', 'ATC-310P-SZ01', 'success', 100, 7],
  ['pi0-cup-stacking-v1.onnx', 'pi0-cup-stacking-v1', 'onnx', 'onnx', 'GPU-A100-SZ03', 'failed', 12, 9],
  ['pi0-cup-stacking-v1_om_910b', 'pi0-cup-stacking-v1', 'atc', 'om', 'ATC-910B-BJ01', 'pending', 0, 0],
];

/**
 * ATC artifacts: version, type, arch, branch, the exports it ships (target model ids; each one of EXPORTS
 * that succeeded: Ascend OM on aarch64, TensorRT engines on x86_64), days ago.
 */
const ARTIFACTS: [string, string, string, string, string[], number][] = [
  ['2.3.0', 'release', 'aarch64', 'release/2.3', ['act-cloth-folding-v2_om_310p'], 28],
  ['2.3.0', 'release', 'x86_64', 'release/2.3', ['act-cloth-folding-v2_trt_fp16'], 28],
  ['2.3.1', 'release', 'aarch64', 'release/2.3', ['act-cloth-folding-v3_om_310p'], 13],
  // The UR5e grasp's OM export is still pending: this nightly ships only the cloth folding model.
  ['2.4.0-nightly.20261120', 'nightly', 'aarch64', 'main', ['act-cloth-folding-v3_om_310p'], 2],
  ['2.4.0-nightly.20261121', 'nightly', 'x86_64', 'main', ['act-cloth-folding-v3_trt_fp16', 'act-ur5e-grasp-v1_trt_fp16'], 1],
  ['2.4.0-dev.pi0', 'dev', 'aarch64', 'feature/pi0-deploy', ['pi0-cup-stacking-v1_om_310p'], 6],
];

/**
 * Official upgrade packages (platform-wide, of the demo space's artifacts): version, artifact "version/arch", status, description, days ago.
 * Each artifact has passed its CT (2.3.1/aarch64 has not: its planner failed after its success); one ACTIVE per artifact type.
 */
const OTA_PACKAGES: [string, string, string, string, number][] = [
  ['2.4.3', '2.3.0/x86_64', 'INACTIVE', '上一稳定版本', 26],
  ['2.5.0', '2.3.0/aarch64', 'ACTIVE', '双臂同步与遥操作延迟优化', 20],
  ['2.5.1', '2.4.0-nightly.20261120/aarch64', 'PENDING', '修复夹爪力控抖动', 1],
];

/** CT runs: batch, artifact "version/arch", module, type, server sn, status, progress, days ago. */
const CT_RUNS: [string, string, string, string, string, string, number, number][] = [
  ['CT-20261025-01', '2.3.0/aarch64', 'policy-infer', 'accuracy', 'ATC-310P-SZ01', 'success', 100, 28],
  ['CT-20261025-01', '2.3.0/aarch64', 'arm-control', 'function', 'ATC-310P-SZ01', 'success', 100, 28],
  ['CT-20261025-02', '2.3.0/x86_64', 'perception', 'function', 'GPU-4090-BJ02', 'success', 100, 27],
  ['CT-20261109-01', '2.3.1/aarch64', 'policy-infer', 'performance', 'ATC-310P-SZ02', 'success', 100, 13],
  ['CT-20261109-01', '2.3.1/aarch64', 'planner', 'stability', 'ATC-310P-SZ02', 'failed', 64, 12],
  ['CT-20261120-01', '2.4.0-nightly.20261120/aarch64', 'policy-infer', 'accuracy', 'ATC-310P-SZ01', 'success', 100, 2],
  ['CT-20261121-01', '2.4.0-nightly.20261121/x86_64', 'perception', 'performance', 'GPU-4090-BJ02', 'processing', 38, 0],
  ['CT-20261121-01', '2.4.0-nightly.20261121/x86_64', 'arm-control', 'function', 'GPU-4090-BJ02', 'pending', 0, 0],
];

async function lookups(db: Db, tenantId: number) {
  const versions = await sql<{ id: number; key: string }>`select v.id, d.name || '@v' || v.version as key
    from dataset_versions v join datasets d on d.id = v.dataset_id where v.tenant_id = ${tenantId}`.execute(db);
  const servers = await sql<{ id: number; sn: string }>`select id, sn from compile_servers where tenant_id = ${tenantId}`.execute(db);
  const version = new Map(versions.rows.map((row) => [row.key, Number(row.id)]));
  const server = new Map(servers.rows.map((row) => [row.sn, Number(row.id)]));
  return { version, server };
}

/** Spec §2 /training and /deployment: runs on the lake's dataset versions, their model cards and exports, artifacts and CT runs. */
export const seedTrainingDeployment: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
  const { version, server } = await lookups(db, tenantId);
  const serverOf = (sn: string) => server.get(sn) ?? server.values().next().value!;

  const records = await seedRecords(
    demo,
    trainingRecord,
    tenantId,
    RECORDS.map(([name, , foundationModel, status, , steps, trainer, days, description]) => ({
      name,
      task: TRAINING_TASK,
      foundationModel,
      status,
      config: config(foundationModel, steps, foundationModel === 'act' ? { chunk_size: 100, kl_weight: 10 } : { horizon: 16, n_action_steps: 8 }),
      description,
      createdBy: trainer,
      createdTime: ago(days),
    })),
    now,
  );
  if (records.length === 0) return; // seeded before
  const recordId = (name: string) => records.find((record) => record.name === name)!.id;
  const links = (datasets: string[]) => datasets.flatMap((key) => (version.has(key) ? [version.get(key)!] : []));

  await seedRecords(
    demo,
    trainingRecordDataset,
    tenantId,
    RECORDS.flatMap(([name, , , , datasets, , trainer, days]) =>
      links(datasets).map((datasetVersionId) => ({ trainingRecordId: recordId(name), datasetVersionId, createdBy: trainer, createdTime: ago(days) })),
    ),
    now,
  );

  const run = (name: string) => RECORDS.find((record) => record[0] === name)!;
  const cards = await seedRecords(
    demo,
    modelCard,
    tenantId,
    CARDS.map(([name, modelType, trainingSteps, gitBranch, fileName]) => {
      const [, , , , , , trainer, days] = run(name);
      return {
        name,
        modelType,
        trainer,
        trainingTime: ago(days - 1, 6).toISOString(), // the run's end, about a day after it started
        trainingSteps,
        trainingRecordId: recordId(name),
        fileName,
        gitBranch,
        gitCommit: commit(name),
        createdBy: trainer,
        createdTime: ago(days - 1, 5),
      };
    }),
    now,
  );
  const cardId = (name: string) => cards.find((card) => card.name === name)!.id;
  await seedRecords(
    demo,
    modelCardDataset,
    tenantId,
    cards.flatMap((card) => links(run(card.name)[4]).map((datasetVersionId) => ({ modelCardId: card.id, datasetVersionId, createdBy: card.createdBy }))),
    now,
  );

  const exports = await seedRecords(
    demo,
    modelExport,
    tenantId,
    EXPORTS.map(([targetModelId, source, exportType, targetModelType, sn, status, progress, days]) => ({
      targetModelId,
      sourceModelId: cardId(source),
      exportType,
      targetModelType,
      compileServerId: serverOf(sn),
      status,
      progress,
      createdBy: 'rd',
      createdTime: ago(days, 3),
    })),
    now,
  );

  const artifacts = await seedRecords(
    demo,
    artifact,
    tenantId,
    ARTIFACTS.map(([version, type, arch, gitBranch, , days]) => ({
      version,
      type,
      arch,
      gitBranch,
      gitCommit: commit(`${version}/${arch}`),
      createdBy: type === 'release' ? 'admin' : 'rd',
      createdTime: ago(days, 8),
    })),
    now,
  );
  const artifactId = (key: string) => artifacts.find((item) => `${item.version}/${item.arch}` === key)!.id;
  const exportId = (targetModelId: string) => exports.find((item) => item.targetModelId === targetModelId)!.id;
  await seedRecords(
    demo,
    artifactModel,
    tenantId,
    ARTIFACTS.flatMap(([version, type, arch, , shipped, days]) =>
      shipped.map((targetModelId) => ({
        artifactId: artifactId(`${version}/${arch}`),
        modelExportId: exportId(targetModelId),
        createdBy: type === 'release' ? 'admin' : 'rd',
        createdTime: ago(days, 7),
      })),
    ),
    now,
  );
  await seedRecords(
    demo,
    ctRecord,
    tenantId,
    CT_RUNS.map(([batch, key, module, type, sn, status, progress, days]) => ({
      batch,
      artifactId: artifactId(key),
      module,
      type,
      serverId: serverOf(sn),
      status,
      progress,
      createdBy: 'rd',
      createdTime: ago(days, 4),
    })),
    now,
  );
  await seedRecords(
    demo,
    otaPackage,
    null,
    OTA_PACKAGES.map(([officialVersion, key, status, description, days]) => ({
      officialVersion,
      atcArtifactId: artifactId(key),
      status,
      description,
      createdBy: 'admin',
      createdTime: ago(days),
    })),
    now,
  );
};
