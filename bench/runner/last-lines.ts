import { responseTimes, type Api, type BenchServer } from './harness';

export interface LastLinesFigures {
  /** Client time of GET …/logs?limit=500 (loopback, the body read and parsed). */
  client: number[];
  /** Fastify's responseTime of the same requests (its request log). */
  server: number[];
  total: number;
}

/** Opening a log as its page does: the last 500 lines and the total, `requests` times one after another (one more first, not counted). */
export async function lastLines(api: Api, bench: BenchServer, instanceId: number, requests: number): Promise<LastLinesFigures> {
  const route = `/taskFlow/instance/${instanceId}/logs?limit=500`;
  await api.get(route);
  await new Promise((resolve) => setTimeout(resolve, 300)); // its request log written before the counted ones
  const from = bench.server.output().length;
  const client: number[] = [];
  let total = 0;
  for (let index = 0; index < requests; index++) {
    const start = performance.now();
    const data = (await api.get(route)) as { lines: { seq: number }[]; total: number };
    client.push(performance.now() - start);
    if (data.lines.length !== 500 || data.lines[499]!.seq !== data.total) throw new Error(`${route} gave ${data.lines.length} lines, total ${data.total}`);
    total = data.total;
  }
  // The request log is written as the answer leaves: give it a moment to reach us.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { client, server: responseTimes(bench.server.output(), from, `/api/v1${route}`).slice(-requests), total };
}
