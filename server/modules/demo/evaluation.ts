import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { evaluationRecord } from '../../../model/schemas/evaluation-record';
import { structuredData } from '../../../model/schemas/structured-data';
import { structuredDataset } from '../../../model/schemas/structured-dataset';
import { structuredDatasetVersion } from '../../../model/schemas/structured-dataset-version';
import { DAY, TYPES } from './devices';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';
import { evaluationItems } from '../evaluation/items';
import { resultFigures, storeResults } from '../evaluation/results-store';
import { systemActor } from '../../engine/actor';
import { storeStructuredFile } from '../evaluation/structured-files';

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

  const data = await seedRecords(
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
          createdBy: 'rd',
          createdTime: ago(44 - i * 9),
        };
      }),
    ),
    now,
  );

  // Each record's files, uploaded as a person would: small real bytes through the store, each kept with its size and SHA-256.
  const episodes = new Map<unknown, number>();
  const writer = { records: demo.records, storage: demo.records.storage };
  for (const record of data.map((written): Record<string, unknown> => ({ ...written }))) {
    const j = episodes.get(record.structuredDatasetId) ?? 0;
    episodes.set(record.structuredDatasetId, j + 1);
    const episode = String(j).padStart(6, '0');
    for (const name of FILES[String(record.structureType)]!(episode)) {
      const bytes = demoFileBytes(name, record);
      const upload = { name, body: Readable.from([bytes]), declaredSize: bytes.length };
      Object.assign(record, { files: JSON.stringify((await storeStructuredFile(writer, systemActor(tenantId), record, upload, now)).files) });
    }
  }

  // Each dataset with data published as 1.0.0 (its files' SHA-256s frozen with it), as its owner would before evaluating on it.
  const published = await seedRecords(
    demo,
    structuredDatasetVersion,
    tenantId,
    datasets
      .filter((_dataset, i) => members[i]!.length > 0)
      .map((dataset) => ({
        structuredDatasetId: dataset.id,
        version: '1.0.0',
        description: '首个评测版本',
        createdBy: 'rd',
        createdTime: ago(30),
      })),
    now,
  );
  const versionOf = (dataset: number) => published.find((version) => version.structuredDatasetId === datasets[dataset]!.id)?.id ?? null;

  // Evaluations need trained models: without the training section's model cards there is nothing to evaluate.
  const models = (await sql<{ id: number; name: string }>`select id, name from model_cards where tenant_id = ${tenantId} order by id`.execute(db)).rows;
  if (models.length === 0) return;
  const modelId = (name: string) => (models.find((model) => model.name === name) ?? models[0]!).id;
  // Each picks its items with a filter (the server counts them); the cloth-folding ones on the published version, so they meet on the same items.
  const firstRobot = String(data.find((record) => record.structuredDatasetId === datasets[0]!.id)?.robotSn ?? '');
  const runs: [string, number, boolean, Record<string, string>, string, string, number | null, number | null, number, string][] = [
    ['act-cloth-folding-v2', 0, true, {}, '叠衣服 ACT v2 基线', 'success', 61.0, 68.4, 28, ''],
    ['act-cloth-folding-v3', 0, true, {}, '叠衣服 ACT v3 回归评测', 'success', 78.5, 82.3, 14, 'KL 权重调整后成功率明显提升'],
    ['act-ur5e-grasp-v1', 1, false, {}, 'UR5e 抓放泛化评测', 'success', 71.2, 74.0, 10, '含未见过的杯子与水果'],
    ['pi0-cup-stacking-v1', 2, false, { version: 'v1.0' }, '叠杯子 π0 评测', 'failed', null, null, 8, '推理服务加载权重超时，待重新评测'],
    ['pi0-cup-stacking-v1', 2, false, { version: 'v1.0' }, '叠杯子 π0 复测', 'running', null, null, 1, ''],
    ['act-cloth-folding-v3', 0, false, { robotSn: firstRobot }, '叠衣服 ACT v3 新标定复测', 'pending', null, null, 0, '相机重新标定后复测'],
  ];
  const evaluations = await seedRecords(
    demo,
    evaluationRecord,
    tenantId,
    runs
      .filter(([, dataset]) => members[dataset]!.length > 0)
      .map(([model, dataset, versioned, filter, name, status, successRate, score, days, description]) => ({
        name,
        modelCardId: modelId(model),
        structuredDatasetId: datasets[dataset]!.id,
        structuredDatasetVersionId: versioned ? versionOf(dataset) : null,
        dataFilter: JSON.stringify(filter),
        status,
        successRate,
        score,
        description,
        createdBy: 'rd',
        createdTime: ago(days),
      })),
    now,
  );
  // What the successful evaluations' runs reported of their items (about as many succeeding as their rate said): the overview's rows.
  for (const record of evaluations.filter((written) => written.status === 'success').map((written): Record<string, unknown> => ({ ...written }))) {
    const items = await evaluationItems(db, record);
    const successes = Math.round((Number(record.successRate) / 100) * items.length);
    const results = items.map((item, i) => ({
      itemId: item.id,
      success: i < successes,
      progress: i < successes ? 1 : 0.4 + 0.1 * i,
      durationMs: 12_000 + 1_500 * i,
      failureMode: i < successes ? null : i % 2 ? 'timeout' : 'grasp_slip',
    }));
    await storeResults(db, record, results, now);
    // The record's figures are its results', as a run's success would have written them.
    await demo.records.update(systemActor(tenantId), evaluationRecord, { id: Number(record.id), ...(await resultFigures(db, Number(record.id))) });
  }
};

/** A demo file's bytes: a few lines saying what the file stands for (JSON for the .json ones), never empty. */
function demoFileBytes(name: string, record: Record<string, unknown>): Buffer {
  const about = { file: name, bagId: record.bagId, structureType: record.structureType, version: record.version, robotSn: record.robotSn };
  return Buffer.from(name.endsWith('.json') ? `${JSON.stringify(about, null, 2)}\n` : `EDP demo structured data\n${JSON.stringify(about)}\n`);
}
