import { rmSync } from 'node:fs';
import path from 'node:path';
import { apiClient, type Api } from '../../cli/upload/api';
import { uploadFile } from '../../cli/upload/upload-file';
import { dayOf, daysBefore } from '../../server/engine/rollup-query';
import { sleep } from '../runner/harness';
import { writeBigRecording } from '../upload/big-recording';
import type { Recorder } from './recorder';
import type { Topic } from './robots';

/** What the people's actions need of the space: bags to open and mark, a long run log to tail, a directory for their uploads; the robots' topics. */
export interface Scene {
  bagIds: number[];
  topics: Topic[];
  logInstanceId: number;
  uploadDir: string;
}

const LISTS = ['/data/bag/query', '/data/dataset/query', '/taskFlow/task/query', '/taskFlow/instance/query', '/device/robot/query', '/console/label/query'];
const ROBOT_TYPES = ['UR5e', 'Franka FR3', 'AgileX Piper', 'Unitree G1', 'Realman RM65'];
const NAME_TERMS = ['UR5E-A012', 'G1-A03', 'cloth-folding', 'drawer'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const page = (params: Record<string, string> = {}) => new URLSearchParams({ pageNum: '1', pageSize: '20', ...params }).toString();

/** A filter of the raw-data page: status, quality and robot type over a month; a name substring; a label. */
function bagFilter(): string {
  const today = dayOf(new Date());
  const back = Math.floor(Math.random() * 12) * 30;
  return pick([
    () =>
      page({
        bagStatus: 'good',
        qualityLabel: 'qualified',
        robotType: pick(ROBOT_TYPES),
        'bagStartTime.from': `${daysBefore(today, back + 30)}T00:00:00+08:00`,
        'bagStartTime.to': `${daysBefore(today, back)}T23:59:59+08:00`,
      }),
    () => page({ bagName: pick(NAME_TERMS) }),
    () => page({ labelList: pick(['Drop Error', 'Low Light', 'Clean Grasp']) }),
  ])();
}

/** The uploader's calls, each timed under its own kind. */
const timedUploads = (api: Api, recorder: Recorder): Api => ({
  call: (method, route, body, query) => recorder.measure(`upload: ${route.split('/').pop()}`, () => api.call(method, route, body, query)),
  putPart: (query, bytes, md5) => recorder.measure('upload: part', () => api.putPart(query, bytes, md5)),
});

let uploads = 0;

/** A person's actions, by how often one is done: reading far more than writing, uploading now and then. */
function actions(origin: string, token: string, scene: Scene, recorder: Recorder) {
  const api = `${origin}/api/v1`;
  const headers = { authorization: `Bearer ${token}` };
  const get = (kind: string, route: string) => recorder.request(kind, `${api}${route}`, { headers });
  const post = (kind: string, route: string, body: unknown) =>
    recorder.request(kind, `${api}${route}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return [
    { weight: 30, run: () => get('list', `${pick(LISTS)}?${page()}`) },
    { weight: 20, run: () => get('filter', `/data/bag/query?${bagFilter()}`) },
    { weight: 20, run: () => get('record page', `/data/bag/get?id=${pick(scene.bagIds)}`) },
    {
      weight: 10,
      run: () =>
        Math.random() < 0.7
          ? post('write', '/data/lake/bag/mark-quality', {
              ids: [pick(scene.bagIds)],
              qualityLabel: pick(['qualified', 'unchecked']),
              qualityDescription: 'load bench',
            })
          : post('write', '/console/feedback/create', { module: 'data', rating: 4, description: 'load bench feedback' }),
    },
    { weight: 15, run: () => get('log tail', `/taskFlow/instance/${scene.logInstanceId}/logs?limit=500`) },
    {
      weight: 3,
      run: async () => {
        const n = (uploads += 1);
        const file = path.join(scene.uploadDir, `load-${process.pid}-${n}.mcap`);
        await writeBigRecording(file, 1, true, 1_763_800_000_000_000_000n + BigInt(n) * 1_000_000_000_000n);
        const metadata = { robotSn: 'SN-LOAD-01', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual' };
        await uploadFile(timedUploads(apiClient(origin, token), recorder), file, { metadata, pollMs: 0, parallel: 1 }).finally(() =>
          rmSync(file, { force: true }),
        );
      },
    },
  ];
}

/** One person until `until`: an action, a pause about `thinkMs` long (the first pause spreads the people's starts), and again. */
export async function person(origin: string, token: string, scene: Scene, recorder: Recorder, until: number, thinkMs: number): Promise<void> {
  const choices = actions(origin, token, scene, recorder);
  const total = choices.reduce((sum, choice) => sum + choice.weight, 0);
  await sleep(Math.random() * thinkMs);
  while (Date.now() < until) {
    let roll = Math.random() * total;
    const choice = choices.find((candidate) => (roll -= candidate.weight) < 0) ?? choices[0]!;
    await choice.run().catch(() => undefined); // counted by the recorder; the person goes on
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}
