import { HeartbeatRefused } from './heartbeat-api';
import type { BeatRecord, SimulatedRobot } from './simulated-robot';

const clock = (at: Date) => at.toTimeString().slice(0, 8);

/** Why a heartbeat failed: the server's words in both languages, or why it could not be reached. */
export function describeError(error: unknown): string {
  if (error instanceof HeartbeatRefused) return `refused ${error.status}: ${error.message}${error.zhCN ? ` / ${error.zhCN}` : ''}`;
  if (error instanceof Error) {
    // fetch says only "fetch failed"; the reason (ECONNREFUSED while the server restarts) is its cause.
    const cause = error.cause instanceof Error ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}` : '';
    return `server unreachable (${error.message}${cause}); trying again next heartbeat`;
  }
  return String(error);
}

/** One short line per heartbeat: when, what went out, and what came back. */
export function describeBeat(record: BeatRecord): string {
  const topics = record.sent.topics ?? [];
  // By rate, not count: the heartbeat at boot has counted nothing yet, yet every topic is publishing.
  const quiet = topics.filter((topic) => topic.rate === 0).map((topic) => topic.name);
  const sent = `${topics.length} topic${topics.length === 1 ? '' : 's'}${quiet.length ? ` (nothing on ${quiet.join(', ')})` : ''}, up ${record.sent.uptimeSeconds ?? 0} s`;
  const answers = (record.sent.configs ?? []).flatMap((config) => (config.answer ? [`${config.name} v${config.answer.version} ${config.answer.result}`] : []));
  const told = answers.length ? `; answered ${answers.join(', ')}` : '';
  if (record.error) return `${clock(record.at)} sent ${sent}${told} - ${describeError(record.error)}`;
  const taken = record.taken.map((config) => `${config.name} v${config.version} -> ${config.result}`);
  return `${clock(record.at)} sent ${sent}${told}${taken.length ? `; received ${taken.join(', ')}` : ''}`;
}

/** The answer to `status`. */
export function describeState(robot: SimulatedRobot): string {
  const state = robot.state();
  const topics = state.topics.map(
    (topic) => `  ${topic.name} ${topic.dropped ? 'dropped' : `${topic.hz} Hz`}${topic.hz !== topic.nominalHz ? ` (normally ${topic.nominalHz})` : ''}`,
  );
  const configs = state.configs.map(
    (config) =>
      `  ${config.name}: runs ${config.runningVersion ?? 'none'}` +
      (config.waitingVersion !== undefined ? `, v${config.waitingVersion} waits for a restart` : '') +
      (config.answer ? `, answered v${config.answer.version} ${config.answer.result}${config.heard ? '' : ' (not yet heard)'}` : ''),
  );
  return [
    `${state.sn}: up ${state.uptimeSeconds} s, ${state.silent ? 'silent' : `a heartbeat every ${state.intervalSeconds} s`}, ${state.beats} answered, configurations ${state.configAnswer}`,
    ...topics,
    ...(configs.length ? configs : ['  no configurations yet']),
  ].join('\n');
}
