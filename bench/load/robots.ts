import { HEARTBEAT_INTERVAL_SECONDS } from '../../model/schemas/robot-report';
import { keyIdOf, ROBOT_SECRET, snOf } from '../robot-fleet';
import { sleep } from '../runner/harness';
import type { Recorder } from './recorder';

/** A topic a robot publishes and its rate (messages a second). */
export interface Topic {
  name: string;
  rate: number;
}

/**
 * 20 topics: those the space's alarm rules watch, each a fifth above the rule's least rate (30 Hz where
 * it sets none), so a robot in good health raises no alarm; then topics no rule watches.
 */
export function healthyTopics(rules: { lostTopic: string; frameRate: number | null }[]): Topic[] {
  const watched = new Map(rules.map((rule) => [rule.lostTopic, Math.max(30, (rule.frameRate ?? 0) * 1.2)]));
  const others = Array.from({ length: Math.max(0, 20 - watched.size) }, (_, i) => [`/topic_${String(i).padStart(2, '0')}`, 10 * (i + 1)] as const);
  return [...watched, ...others].map(([name, rate]) => ({ name, rate }));
}

/**
 * The n-th bench robot (bench/robot-fleet.ts) until `until`: a heartbeat of its topics every
 * HEARTBEAT_INTERVAL_SECONDS on its own clock (the first at a random moment of the interval, as a
 * fleet is never in step), whether or not the last one has been answered.
 */
export async function robot(origin: string, n: number, topics: Topic[], recorder: Recorder, until: number): Promise<void> {
  const interval = HEARTBEAT_INTERVAL_SECONDS * 1000;
  const headers = { authorization: `Bearer ${keyIdOf(n)}.${ROBOT_SECRET}`, 'content-type': 'application/json' };
  const began = Date.now();
  const sent: Promise<unknown>[] = [];
  for (let due = began + Math.random() * interval; due < until; due += interval) {
    await sleep(due - Date.now());
    const body = JSON.stringify({
      sn: snOf(n),
      uptimeSeconds: Math.round((Date.now() - began) / 1000),
      topics: topics.map(({ name, rate }) => ({ name, rate, messages: Math.round(rate * HEARTBEAT_INTERVAL_SECONDS) })),
    });
    sent.push(recorder.request('heartbeat', `${origin}/api/v1/device/report/heartbeat`, { method: 'POST', headers, body }).catch(() => undefined));
  }
  await Promise.all(sent);
}
