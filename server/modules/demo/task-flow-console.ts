import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { accessKey } from '../../../model/schemas/access-key';
import { fileUpload } from '../../../model/schemas/file-upload';
import { instance } from '../../../model/schemas/instance';
import { task } from '../../../model/schemas/task';
import type { SectionSeed } from './sections';
import { seedRecords } from './seed-records';
import { appendLines } from '../runs/log-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

// The demo's code runs here as it is (Python 3's standard library only): stand-ins that print what
// the real jobs would, progress lines (`##edp:progress N`) included, so a newcomer's first run succeeds.
const SLICE_CODE = `import os, random, time

window = int(os.environ.get("WINDOW_SECONDS", "10"))
fps = int(os.environ.get("FPS", "5"))
bags = [f"UR5E-A012_20261122_{h:02d}00.mcap" for h in range(8, 14)]
print(f"slicing {len(bags)} bags from {os.environ['INPUT_PREFIX']} into {window}s windows at {fps} fps")
for n, bag in enumerate(bags, 1):
    slices = random.randint(30, 60)
    time.sleep(0.5)
    print(f"{bag}: {slices} slices, {slices * window * fps} key frames -> {os.environ['OUTPUT_PREFIX']}{bag[:-5]}/")
    print(f"##edp:progress {n * 100 // len(bags)}")
print("done")
`;

const TRAIN_CODE = `import json, math, os, random, time

config = {}
if os.environ.get("EDP_CONFIG_FILE"):
    with open(os.environ["EDP_CONFIG_FILE"]) as f:
        config = json.load(f)
# A stand-in: a minute at most, whatever the config asks for.
steps = min(int(config.get("steps", os.environ.get("STEPS", "60"))), 60)
batch = int(config.get("batch_size", os.environ.get("BATCH_SIZE", "64")))
print(f"training {os.environ.get('EDP_FOUNDATION_MODEL') or 'act'} on {os.environ.get('DATASET', 'the selected datasets')}: {steps} steps, batch {batch}")
print("dataset versions:", os.environ.get("EDP_DATASET_VERSIONS", "[]"))
print("##edp:git commit=3f9c2a71d0b84e56a1c7e2f90b3d4c5a6e7f8091 branch=main")
loss = 2.5
for step in range(1, steps + 1):
    time.sleep(float(os.environ.get("STEP_SECONDS", "1")))
    loss = loss * 0.95 + random.uniform(-0.02, 0.02)
    lr = 1e-5 * (0.5 + 0.5 * math.cos(math.pi * step / steps))
    print(f"##edp:metric loss={loss:.4f} lr={lr:.3e} step={step}")
    print(f"##edp:progress {step * 100 // steps}")
# What it learned, where the platform keeps it: the model card lists this file.
out = os.environ.get("EDP_OUTPUT_DIR", ".")
with open(os.path.join(out, f"policy_step-{steps}.ckpt"), "wb") as f:
    f.write(os.urandom(256 * 1024))
with open(os.path.join(out, "config.json"), "w") as f:
    json.dump({"steps": steps, "batch_size": batch}, f)
print(f"saved policy_step-{steps}.ckpt")
`;

const EVAL_CODE = `import json, os, random, time, urllib.request

# The items to try (items.json), each reported with its outcome through the run's token.
items = json.load(open(os.environ["EDP_ITEMS_FILE"])) if os.environ.get("EDP_ITEMS_FILE") else []
print(f"evaluating model {os.environ.get('EDP_MODEL_CARD_ID', '-')} on {len(items)} items")
results = []
for n, item in enumerate(items, 1):
    time.sleep(0.05)
    success = random.random() < 0.8
    results.append({"itemId": item["id"], "success": success, "progress": 1 if success else round(random.uniform(0.2, 0.9), 2),
                    "durationMs": random.randint(8000, 30000), "failureMode": None if success else random.choice(["grasp_slip", "collision", "timeout"])})
    print(f"##edp:progress {n * 100 // len(items)}")
if results:
    request = urllib.request.Request(f"{os.environ['EDP_API_URL']}/taskFlow/instance/{os.environ['EDP_INSTANCE_ID']}/evaluation-results",
        data=json.dumps({"results": results}).encode(), method="POST",
        headers={"content-type": "application/json", "authorization": f"Bearer {os.environ['EDP_INSTANCE_TOKEN']}"})
    urllib.request.urlopen(request).read()
print(f"{sum(r['success'] for r in results)} of {len(results)} succeeded")
`;

const QC_CODE = `import os, random

min_fps = float(os.environ.get("MIN_FPS", "28"))
for n in range(12):
    fps = random.uniform(26, 31)
    print(f"FR3-B07_20261122_{n:02d}.bag {'ok' if fps >= min_fps else 'frame drops'} ({fps:.1f} fps)")
`;

const EXPORT_CODE = `import os, time

source = os.environ.get("EDP_SOURCE_MODEL_ID") or os.environ.get("CHECKPOINT", "")
target = os.environ.get("EDP_TARGET_MODEL_TYPE", "onnx")
server = os.environ.get("EDP_COMPILE_SERVER") or "this server"
print(f"exporting {source} to {target} on {server}")
for n, stage in enumerate(["load checkpoint", "trace graph", "optimise", "compile", "verify outputs"], 1):
    time.sleep(float(os.environ.get("STAGE_SECONDS", "3")))
    print(stage)
    print(f"##edp:progress {n * 20}")
# The artifact: the export lists this file and a robot's package carries it.
name = f"{os.environ.get('EDP_TARGET_MODEL_ID') or 'model'}.{target}"
with open(os.path.join(os.environ.get("EDP_OUTPUT_DIR", "."), name), "wb") as f:
    f.write(os.urandom(128 * 1024))
print(f"wrote {name}")
`;

const CT_CODE = `import os, random, time

print(f"CT {os.environ.get('EDP_CT_TYPE', 'function')} of {os.environ.get('EDP_CT_MODULE', '-')} in artifact {os.environ.get('EDP_ARTIFACT_VERSION', '-')} ({os.environ.get('EDP_ARTIFACT_ARCH', '-')})")
cases = 10
for n in range(1, cases + 1):
    time.sleep(0.3)
    print(f"case {n}/{cases} passed")
    print(f"##edp:progress {n * 100 // cases}")
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
    'DATASET=cloth-folding-2026q3\nSTEPS=60\nBATCH_SIZE=64\nOUTPUT_DIR=models/act-cloth-folding/',
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
    // The task every demo training record runs: its config (config.json) and foundation model say what to train.
    'policy-train',
    'training',
    'development',
    'manual',
    '',
    1,
    32,
    1,
    3600,
    'rd',
    'OUTPUT_DIR=models/',
    TRAIN_CODE,
    'active',
    '训练记录启动时运行：按记录的配置与数据集版本训练',
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
  [
    // The task every demo CT record runs on its compile server.
    'atc-ct-suite',
    'ct',
    'development',
    'manual',
    '',
    1,
    8,
    0,
    1800,
    'rd',
    'SUITE=smoke',
    CT_CODE,
    'active',
    'CT 测试：制品各模块的功能与性能用例',
  ],
] as const;

/** Demo instances: [task index, status, trigger, start (hours ago), minutes run, by, job suffix]. */
const INSTANCES = [
  [0, 'succeeded', 'scheduled', 0.4, 1, 'scheduler', '7f3k2'],
  [3, 'succeeded', 'scheduled', 0.2, 1, 'scheduler', 'm2p9x'],
  [1, 'timed_out', 'manual', 5, 60, 'zhou.ming', 'q8d4r'],
  [2, 'failed', 'manual', 3, 2, 'sun.li', 'c5v1n'],
  [0, 'succeeded', 'scheduled', 24.4, 47, 'scheduler', 'a9k3t'],
  [0, 'succeeded', 'scheduled', 48.4, 52, 'scheduler', 'h4w8e'],
  [0, 'failed', 'scheduled', 72.4, 13, 'scheduler', 'z1b6u'],
  [3, 'succeeded', 'scheduled', 0.7, 4, 'scheduler', 'r7y2o'],
  [4, 'succeeded', 'manual', 30, 18, 'admin', 'n3g5s'],
  [1, 'terminated', 'manual', 52, 95, 'rd', 'e6x0j'],
  [2, 'failed', 'scheduled', 170, 61, 'scheduler', 'l2f7d'],
  [6, 'succeeded', 'manual', 400, 1210, 'zhou.ming', 'u4c8m'],
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
    const instances = await seedRecords(
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
          runner: 'local',
          memory: source.memory,
          gpuCards: source.gpuCards,
          history: JSON.stringify([
            { status: 'pending', time: (start ?? now).toISOString(), by },
            { status: 'running', time: (start ?? now).toISOString(), by: 'system' },
            { status, time: (end ?? now).toISOString(), by: status === 'terminated' ? by : 'system' },
          ]),
          ...(status === 'failed' ? { failure: 'exit', exitCode: 1 } : {}),
          logLines: 3,
          createdBy: by,
          createdTime: start ?? at(10 * MINUTE),
        };
      }),
      now,
    );
    // What each past run printed, in short (a run started now keeps every line it prints).
    for (const row of instances) {
      const start = new Date(String(row.startTime ?? now.toISOString()));
      const last: Record<string, string> = {
        succeeded: 'done',
        failed: 'Traceback (most recent call last): RuntimeError: input prefix is empty',
        terminated: 'terminated by request',
        timed_out: 'still working when the timeout came',
      };
      await appendLines(db, tenantId, Number(row.id), 1, [
        { stream: 'stdout', time: start, text: `starting ${String(row.taskName)}` },
        { stream: 'stdout', time: new Date(start.getTime() + 1000), text: 'reading inputs' },
        {
          stream: row.status === 'succeeded' ? 'stdout' : 'stderr',
          time: new Date(String(row.endTime ?? now.toISOString())),
          text: last[String(row.status)] ?? '',
        },
      ]);
    }
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
