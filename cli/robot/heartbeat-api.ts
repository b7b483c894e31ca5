import { z } from 'zod';
import { heartbeatAnswer, type Heartbeat, type HeartbeatAnswer } from '../../model/schemas/robot-report';

const HEARTBEAT_PATH = '/api/v1/device/report/heartbeat';
/** A server that does not answer within this long is as good as gone: the next heartbeat tries again. */
const TIMEOUT_MS = 10_000;

const envelope = z.object({
  code: z.number(),
  message: z.union([z.string(), z.object({ en_US: z.string().optional(), zh_CN: z.string().optional() })]).optional(),
  data: z.unknown(),
});

/** A heartbeat the server did not take: its status, and its message in English (the Error's message) and Chinese. */
export class HeartbeatRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly zhCN?: string,
  ) {
    super(message);
    this.name = 'HeartbeatRefused';
  }
}

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Sends one heartbeat with the robot's key (`ID.SECRET`) and returns the answer's data. A refusal,
 * or an answer that is not the envelope (a proxy's error page), is a HeartbeatRefused; a server
 * that cannot be reached throws fetch's own error.
 */
export async function sendHeartbeat(server: string, key: string, heartbeat: Heartbeat): Promise<HeartbeatAnswer> {
  const response = await fetch(`${server.replace(/\/+$/, '')}${HEARTBEAT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(heartbeat),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answered = envelope.safeParse(json(await response.text()));
  if (!answered.success) throw new HeartbeatRefused(response.status, `the server answered ${response.status} without the API's envelope`);
  const { code, message, data } = answered.data;
  if (!response.ok || code !== 200) {
    const status = response.ok ? code : response.status;
    if (typeof message === 'object') throw new HeartbeatRefused(status, message.en_US ?? `refused with ${status}`, message.zh_CN);
    throw new HeartbeatRefused(status, message ?? `refused with ${status}`);
  }
  const answer = heartbeatAnswer.safeParse(data);
  if (!answer.success) throw new HeartbeatRefused(response.status, `the server's answer is not a heartbeat answer: ${answer.error.message}`);
  return answer.data;
}
