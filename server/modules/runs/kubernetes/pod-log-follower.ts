import type { V1Pod } from '@kubernetes/client-node';
import type { LogSink } from '../runner';
import { CONTAINER } from './job-manifest';
import { containerEnded, logReadable } from './job-status';
import type { KubeApi } from './kube-api';
import { copyLogLines, sinceSecond, type CopiedLine } from './log-lines';

/**
 * Follows the log of a Job's pod across the pod's life: opens the stream once the container runs,
 * opens it again from the last line delivered when it broke while the container still ran, and reads
 * it a last time once the container ended (so nothing between a break and the end is missed).
 * `since` (a reattach) skips what the instance already has.
 */
export function podLogFollower(api: KubeApi, sink: LogSink, since: Date | null) {
  let lastNs: bigint | null = null;
  let open: { done: Promise<void>; controller: AbortController } | null = null;
  let complete = false;
  let lastActivity = Date.now();
  let writing = false;

  const keep = (line: CopiedLine) => {
    if (lastNs !== null) return line.ns === null || line.ns > lastNs;
    return since === null || line.time.getTime() > since.getTime();
  };
  const sinceTime = () => (lastNs !== null ? sinceSecond(Number(lastNs / 1_000_000n)) : since ? sinceSecond(since.getTime()) : null);
  const watchedSink: LogSink = {
    write: async (lines) => {
      writing = true;
      try {
        await sink.write(lines);
      } finally {
        writing = false;
        lastActivity = Date.now();
      }
    },
  };
  async function* marked(body: AsyncIterable<Buffer>) {
    for await (const chunk of body) {
      lastActivity = Date.now();
      yield chunk;
    }
  }

  const openStream = (podName: string, last: boolean) => {
    const controller = new AbortController();
    const done = (async () => {
      try {
        const body = await api.openLog(podName, CONTAINER, sinceTime(), controller.signal);
        lastActivity = Date.now();
        await copyLogLines(marked(body), watchedSink, keep, (line) => (lastNs = line.ns ?? lastNs));
      } catch {
        // A broken or refused stream: opened again at the next look while the container runs.
      } finally {
        open = null;
        if (last || controller.signal.aborted) complete = true;
      }
    })();
    open = { done, controller };
  };

  return {
    /** At each look at the pod: (re)opens the stream when the container can be read and none is open. */
    observe(pod: V1Pod | undefined) {
      if (complete || open || !pod?.metadata?.name || !logReadable(pod)) return;
      openStream(pod.metadata.name, containerEnded(pod));
    },
    /**
     * Once the run's end is known: the rest of the log. A stream silent for `idleMs` (its connection
     * stuck; a slow sink does not count) is closed.
     */
    async drain(pod: V1Pod | undefined, idleMs: number) {
      while (!complete) {
        if (!open) {
          if (!pod?.metadata?.name || !logReadable(pod)) return;
          openStream(pod.metadata.name, true);
          continue;
        }
        const current: { done: Promise<void>; controller: AbortController } = open;
        const guard = setInterval(() => !writing && Date.now() - lastActivity > idleMs && current.controller.abort(), Math.min(idleMs, 1000));
        await current.done.finally(() => clearInterval(guard));
      }
    },
  };
}
