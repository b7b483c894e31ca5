/** A small deterministic random source (mulberry32), so every fresh database gets the same demo. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const between = (min: number, max: number) => Math.floor(min + next() * (max - min));
  return { next, pick, between };
}

const ROBOTS = [
  { type: 'UR5e', prefix: 'UR5E' },
  { type: 'Franka FR3', prefix: 'FR3' },
  { type: 'AgileX Piper', prefix: 'PIPER' },
  { type: 'Unitree G1', prefix: 'G1' },
  { type: 'Realman RM65', prefix: 'RM65' },
] as const;
const SCENES = [
  ['pick-and-place', 'household-manipulation'],
  ['drawer-opening', 'household-manipulation'],
  ['cloth-folding', 'household-manipulation'],
  ['cup-stacking', 'tabletop-skills'],
  ['bin-sorting', 'warehouse-picking'],
  ['shelf-restocking', 'warehouse-picking'],
] as const;
const OPERATORS = ['operator', 'zhang.wei', 'li.na', 'wang.fang', 'chen.jie'];
const FAILURES = ['Drop Error', 'Object Too Small', 'Bag End Too Early'];
const DAY = 86_400_000;

export interface BagFactoryOptions {
  /** Same seed, same bags. */
  seed?: number;
  /** How far back the recordings go. */
  days?: number;
}

/**
 * Realistic bags of one space, one at a time (the benchmark makes a million): robots, scenes,
 * operators, sizes and durations of a robot team's recent weeks. The n-th call makes bag n.
 */
export function bagFactory(tenantId: number, now: Date, { seed = 20261122, days = 90 }: BagFactoryOptions = {}) {
  const { next, pick, between } = random(seed);
  let index = 0;
  return () => {
    const robot = pick(ROBOTS);
    const robotSn = `${robot.prefix}-A${String(between(1, 40)).padStart(3, '0')}`;
    const [scene, project] = pick(SCENES);
    const start = new Date(now.getTime() - between(0, days) * DAY - between(0, DAY));
    const duration = between(30, 900);
    const quality = next() < 0.7 ? 'qualified' : next() < 0.5 ? 'unqualified' : 'unchecked';
    const failure = quality === 'unqualified' ? pick(FAILURES) : '';
    const labels = [
      ...(failure ? [failure] : []),
      ...(next() < 0.3 ? [pick(['Cluttered Table', 'Low Light'])] : []),
      ...(quality === 'qualified' && next() < 0.4 ? ['Clean Grasp'] : []),
    ];
    const day = start.toISOString().slice(0, 10).replace(/-/g, '');
    index += 1;
    const bagName = `${day}_${robotSn}_${scene}_${String(index).padStart(4, '0')}.${next() < 0.8 ? 'mcap' : 'bag'}`;
    return {
      tenantId,
      bagName,
      bagStatus: next() < 0.93 ? 'good' : 'bad',
      qualityLabel: quality,
      qualitySubLabel: failure,
      qualityDescription: failure ? `${failure}：${scene} 第 ${between(2, 40)} 次尝试` : '',
      labelStatus: labels.length ? 'labeled' : 'unlabeled',
      labelList: labels,
      bagSize: between(200, 8192) * 1024 * 1024,
      bagDuration: duration,
      bagStartTime: start,
      bagEndTime: new Date(start.getTime() + duration * 1000),
      bagRegion: next() < 0.6 ? 'suzhou' : 'beijing',
      uploadType: next() < 0.8 ? 'auto' : 'manual',
      bagOssPath: `oss://edp-raw-${tenantId}/${day}/${bagName}`,
      bagDigest: Array.from({ length: 32 }, () => between(0, 16).toString(16)).join(''),
      robotSn,
      robotType: robot.type,
      robotPackageName: 'edp-robot-stack',
      robotPackageBranch: pick(['release/2.4', 'release/2.5', 'main']),
      robotPackageCommit: Array.from({ length: 12 }, () => between(0, 16).toString(16)).join(''),
      robotHardwareVersion: pick(['v2.0', 'v2.1', 'v3.0']),
      robotSoftwareVersion: pick(['2.4.3', '2.5.0', '2.5.1']),
      sceneName: scene,
      dcSubtaskName: `${scene}-${pick(['left-arm', 'right-arm', 'bimanual'])}`,
      sceneProjectName: project,
      sceneOwner: pick(['rd', 'zhou.ming', 'sun.li']),
      teleOperator: pick(OPERATORS),
      teleType: pick(['VR', 'leader-follower', 'spacemouse']),
      dcType: pick(['teleoperation', 'autonomous']),
      dcPlanId: `PLAN-${between(100, 130)}`,
      dcSubPlanId: `SUB-${between(1000, 1300)}`,
      modelId: '',
      modelTestResult: '',
      modelTestScore: null,
      startAndEndFrameOssObjectKey: `frames/${day}/${bagName}.jpg`,
      createdBy: 'seed',
      updatedBy: 'seed',
      createdTime: start,
      updatedTime: start,
    };
  };
}

/** The first `count` bags of a space's factory. */
export const demoBags = (tenantId: number, count: number, now: Date, options?: BagFactoryOptions) =>
  Array.from({ length: count }, bagFactory(tenantId, now, options));
