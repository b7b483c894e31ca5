import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchSetup, finished, type cleanupStack } from '../runner/harness';
import type { Scene } from './people';
import { healthyTopics } from './robots';
import { signInFrom } from './sign-in';

/** Lines of the finished run whose last 500 the people open. */
const LOG_LINES = 20_000;
const logCode = `for i in range(1, ${LOG_LINES + 1}):\n    print(f"line {i} step={i} loss={(i % 1000) / 1000:.3f} lr=0.0003")\n`;

/**
 * The people signed in (each a session of their own, demo/admin and demo/rd in turn), the bags they
 * open, the topics the robots report in good health, a finished run of LOG_LINES lines; for the heavy neighbours, the bench's API as demo/admin with
 * its task maker (bench/runner/harness.ts), a session for their person and one for the person timing lists.
 */
export async function setScene(origin: string, people: number, cleanup: ReturnType<typeof cleanupStack>) {
  const tokens: string[] = [];
  for (let index = 0; index < people; index += 1)
    tokens.push(await signInFrom(origin, `10.99.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`, 'demo', index % 2 ? 'rd' : 'admin'));
  const { api, task } = await benchSetup(origin);
  const bags = (await api.get('/data/bag/query?pageNum=1&pageSize=200')) as { records: { id: number }[] };
  const rules = (await api.get('/device/alarm-rule/query?pageNum=1&pageSize=-1')) as { records: { lostTopic: string; frameRate: number | null }[] };
  const { id } = (await api.post(`/taskFlow/task/${await task(logCode)}/run`)) as { id: number };
  const run = await finished(api, id, 500, 5 * 60_000);
  if (run.status !== 'succeeded') throw new Error(`the run of ${LOG_LINES} lines ended ${run.status}: ${run.failure ?? ''}`);
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'edp-bench-load-uploads-'));
  cleanup.add(`uploads ${uploadDir}`, () => rmSync(uploadDir, { recursive: true, force: true }));
  const scene: Scene = { bagIds: bags.records.map((bag) => bag.id), topics: healthyTopics(rules.records), logInstanceId: id, uploadDir };
  // The neighbours' person and the person timing the lists beside them: sessions of their own.
  const [neighbourToken, probeToken] = [await signInFrom(origin, '10.99.0.2', 'demo', 'admin'), await signInFrom(origin, '10.99.0.3', 'demo', 'rd')];
  return { tokens, scene, api, task, neighbourToken, probeToken };
}
