import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { accessKey } from '../../../src/schemas/access-key';
import { fileUpload } from '../../../src/schemas/file-upload';
import { instance } from '../../../src/schemas/instance';
import { task } from '../../../src/schemas/task';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

const SLICE_CODE = `import os
from edp.bag import open_bag, write_slices

WINDOW = int(os.environ.get("WINDOW_SECONDS", "10"))


def main():
    for bag in open_bag(os.environ["INPUT_PREFIX"], since="yesterday"):
        write_slices(bag, window_seconds=WINDOW, fps=int(os.environ.get("FPS", "5")), output=os.environ["OUTPUT_PREFIX"])


if __name__ == "__main__":
    main()
`;

const TRAIN_CODE = `import os
from lerobot.scripts.train import train

train(
    policy="act",
    dataset_repo_id=os.environ["DATASET"],
    steps=int(os.environ.get("STEPS", "80000")),
    batch_size=int(os.environ.get("BATCH_SIZE", "64")),
    output_dir=os.environ["OUTPUT_DIR"],
)
`;

const EVAL_CODE = `import json, os
from edp.eval import load_structured, success_rate, episode_length

data = load_structured(os.environ["STRUCTURED_DATASET"])
print(json.dumps({"success_rate": success_rate(data), "episode_length": episode_length(data)}))
`;

const QC_CODE = `import os
from edp.quality import check_frame_drops

for report in check_frame_drops(os.environ["INPUT_PREFIX"], min_fps=float(os.environ.get("MIN_FPS", "28"))):
    print(report.bag_name, report.verdict)
`;

const EXPORT_CODE = `import os
from edp.export import to_onnx

to_onnx(os.environ["CHECKPOINT"], opset=17, output=os.environ["OUTPUT_PREFIX"])
`;

/** Demo tasks: [name, type, category, trigger, cron, image index, memory GiB, GPUs, timeout s, owner, env, code, status, description]. */
const TASKS = [
  [
    'bag-slice-nightly',
    'data_processing',
    'production',
    'scheduled',
    '0 2 * * *',
    2,
    16,
    0,
    2 * 3600,
    'rd',
    'INPUT_PREFIX=raw/2026/11/\nOUTPUT_PREFIX=processed/slices/\nWINDOW_SECONDS=10\nFPS=5',
    SLICE_CODE,
    'active',
    '每晚切分前一天上传的 bag 并抽取关键帧',
  ],
  [
    'act-train-cloth-folding',
    'training',
    'development',
    'manual',
    '',
    1,
    64,
    4,
    12 * 3600,
    'zhou.ming',
    'DATASET=cloth-folding-2026q3\nSTEPS=80000\nBATCH_SIZE=64\nOUTPUT_DIR=models/act-cloth-folding/',
    TRAIN_CODE,
    'active',
    'ACT 策略训练：叠衣服（UR5E 双臂）',
  ],
  [
    'structured-eval-weekly',
    'evaluation',
    'production',
    'scheduled',
    '30 3 * * MON',
    0,
    8,
    1,
    3600,
    'sun.li',
    'STRUCTURED_DATASET=pick-place-cup-eval\nREPORT_TO=oss://edp-reports/eval/',
    EVAL_CODE,
    'active',
    '每周一评测结构化数据集的成功率与时长',
  ],
  [
    'frame-drop-check',
    'data_processing',
    'production',
    'scheduled',
    '*/30 * * * *',
    2,
    4,
    0,
    900,
    'rd',
    'INPUT_PREFIX=raw/2026/11/\nMIN_FPS=28',
    QC_CODE,
    'active',
    '每 30 分钟检查新数据的丢帧情况',
  ],
  [
    'onnx-export-g1',
    'export',
    'development',
    'manual',
    '',
    1,
    32,
    1,
    1800,
    'admin',
    'CHECKPOINT=models/act-g1-drawer/last.ckpt\nOUTPUT_PREFIX=exports/g1/',
    EXPORT_CODE,
    'active',
    '导出 Unitree G1 抽屉任务模型为 ONNX',
  ],
  [
    'diffusion-train-drawer-open',
    'training',
    'development',
    'manual',
    '',
    1,
    128,
    8,
    24 * 3600,
    'zhou.ming',
    'DATASET=drawer-opening-2026q4\nSTEPS=200000\nBATCH_SIZE=128\nOUTPUT_DIR=models/dp-drawer/',
    TRAIN_CODE.replace('"act"', '"diffusion"'),
    'deleted',
    '已下线：改用 ACT 策略',
  ],
] as const;

/** Demo instances: [task index, status, trigger, start (hours ago), minutes run, by, job suffix]. */
const INSTANCES = [
  [0, 'running', 'scheduled', 0.4, null, 'scheduler', '7f3k2'],
  [3, 'running', 'scheduled', 0.2, null, 'scheduler', 'm2p9x'],
  [1, 'running', 'manual', 5, null, 'zhou.ming', 'q8d4r'],
  [2, 'pending', 'manual', null, null, 'sun.li', 'c5v1n'],
  [0, 'succeeded', 'scheduled', 24.4, 47, 'scheduler', 'a9k3t'],
  [0, 'succeeded', 'scheduled', 48.4, 52, 'scheduler', 'h4w8e'],
  [0, 'failed', 'scheduled', 72.4, 13, 'scheduler', 'z1b6u'],
  [3, 'succeeded', 'scheduled', 0.7, 4, 'scheduler', 'r7y2o'],
  [4, 'succeeded', 'manual', 30, 18, 'admin', 'n3g5s'],
  [1, 'terminated', 'manual', 52, 95, 'rd', 'e6x0j'],
  [2, 'failed', 'scheduled', 170, 61, 'scheduler', 'l2f7d'],
  [5, 'succeeded', 'manual', 400, 1210, 'zhou.ming', 'u4c8m'],
] as const;

/** Demo uploads: [file, status, stage, parts uploaded, of parts, hours ago, by]. 64 MiB parts. */
const UPLOADS = [
  ['UR5E-A012_20261102_0930.mcap', 'SUCCESS', 'completed', 38, 38, 480, 'operator'],
  ['G1-A03_20261110_1415.mcap', 'SUCCESS', 'completed', 71, 71, 290, 'operator'],
  ['FR3-B07_20261118_1002.bag', 'SUCCESS', 'completed', 12, 12, 95, 'rd'],
  ['UR5E-A012_20261121_1630.mcap', 'PROCESSING', 'parsing', 44, 44, 2, 'operator'],
  ['PIPER-C21_20261122_0905.mcap', 'PROCESSING', 'md5', 9, 27, 0.3, 'operator'],
  ['G1-A03_20261121_1120.mcap', 'PENDING', 'waiting', 0, 53, 6, 'rd'],
  ['FR3-B07_20261119_1540.bag', 'FAILED', 'parsing', 16, 16, 60, 'operator'],
  ['UR5E-A014_20261120_0811.mcap', 'FAILED', 'md5', 5, 40, 30, 'admin'],
] as const;

const md5Like = (text: string) => createHash('md5').update(text).digest('hex');

/** Task flow (tasks, instances) and the space console (access keys, file uploads) of the demo space. */
export const seedTaskFlowConsole: SectionSeed = async (demo, tenantId, now) => {
  const { db } = demo;
  const images = (await sql<{ id: number }>`select id from task_images order by id`.execute(db)).rows.map((row) => Number(row.id));
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const tasks = await seedRecords(
    demo,
    task,
    tenantId,
    TASKS.map(
      (
        [name, taskType, taskCategory, triggerType, cronExpression, image, memory, gpuCards, timeoutTime, owner, environment, code, status, description],
        i,
      ) => ({
        name,
        taskType,
        taskCategory,
        triggerType,
        cronExpression,
        image: images[image % images.length],
        memory: memory * GIB,
        gpuCards,
        timeoutTime,
        owner,
        environment,
        code,
        status,
        description,
        createdBy: owner,
        createdTime: at((40 - i * 5) * DAY),
      }),
    ),
    now,
  );

  if (tasks.length) {
    await seedRecords(
      demo,
      instance,
      tenantId,
      INSTANCES.map(([taskIndex, status, triggerType, hoursAgo, minutes, by, suffix]) => {
        const source = tasks[taskIndex]!;
        const start = hoursAgo === null ? null : at(hoursAgo * HOUR);
        const end = start && minutes !== null ? new Date(start.getTime() + minutes * MINUTE) : null;
        return {
          task: source.id,
          taskName: source.name,
          status,
          triggerType,
          triggerPerson: by,
          startTime: start?.toISOString() ?? null,
          endTime: end?.toISOString() ?? null,
          duration: start ? Math.round(((end ?? now).getTime() - start.getTime()) / 1000) : null,
          timeout: source.timeoutTime,
          k8sJobName: `edp-job-${suffix}`,
          createdBy: by,
          createdTime: start ?? at(10 * MINUTE),
        };
      }),
      now,
    );
  }

  await seedRecords(
    demo,
    accessKey,
    tenantId,
    [
      ['ci-pipeline', 'rd', 'enabled', 120, 2, 'GitLab CI 上传模型与触发评测'],
      ['jupyter-notebook', 'rd', 'enabled', 45, 26, '开发机 Notebook 读取原始数据'],
      ['robot-fleet-uploader', 'admin', 'enabled', 200, 0.1, '机器人端自动上传 bag'],
      ['old-laptop', 'admin', 'disabled', 300, 2100, '旧笔记本，已停用'],
      ['airflow-sync', 'zhou.ming', 'enabled', 20, 5, '夜间同步训练数据'],
    ].map(([name, owner, status, createdDaysAgo, usedHoursAgo, description], i) => ({
      name,
      owner,
      status,
      description,
      accessKeyId: `EDPAK${md5Like(`demo-key-${i}`).slice(0, 16).toUpperCase()}`,
      // Demo keys have no usable secret: the hash is of nothing anyone holds.
      secretHash: createHash('sha256').update(`demo-secret-${i}-${now.getTime()}`).digest('hex'),
      expiresAt: i === 0 ? null : new Date(now.getTime() + (180 - i * 30) * DAY).toISOString(),
      lastUsedAt: at(Number(usedHoursAgo) * HOUR),
      createdBy: owner as string,
      createdTime: at(Number(createdDaysAgo) * DAY),
    })),
    now,
  );

  await seedRecords(
    demo,
    fileUpload,
    tenantId,
    UPLOADS.map(([fileName, status, stage, parts, total, hoursAgo, by]) => {
      const date = fileName.split('_')[1]!;
      return {
        fileName,
        objectKey: `raw/${date.slice(0, 4)}/${date.slice(4, 6)}/${fileName}`,
        uploadId: md5Like(`${fileName}-${total}`).toUpperCase(),
        status,
        stage,
        uploadedPartCount: parts,
        // Parts are 64 MiB; a finished upload's last part is shorter.
        uploadedSize: parts === total ? (total - 1) * 64 * MIB + (17 + total) * MIB + 4_096 * total : parts * 64 * MIB,
        createdBy: by,
        createdTime: at(hoursAgo * HOUR),
      };
    }),
    now,
  );
};
