import type { V1Job, V1Pod } from '@kubernetes/client-node';
import type { LogSink, RunHandle, RunOutcome, RunSpec } from '../runner';
import type { KubernetesSettings } from './kube-config';
import { apiMessage, type KubeApi } from './kube-api';
import { jobPod, jobState } from './job-status';
import { podLogFollower } from './pod-log-follower';

/** How long the API may fail every look in a row before the run is given up as lost. */
const API_TROUBLE_MS = 5 * 60_000;

type FollowSettings = Pick<KubernetesSettings, 'pollMs' | 'startGraceMs' | 'logDrainIdleMs'>;

/**
 * Follows a created Job to its end: reads it and its pod every pollMs, streams the pod's log to the
 * sink, and settles `outcome` once the Job has ended and the log was read to its end.
 */
export function followJob(api: KubeApi, spec: RunSpec, sink: LogSink, since: Date | null, settings: FollowSettings): RunHandle {
  const name = spec.jobName;
  const logs = podLogFollower(api, sink, since);
  let terminating = false;
  let wake = () => {};
  const nap = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.pollMs);
      wake = () => (clearTimeout(timer), resolve());
    });

  const look = async (): Promise<{ job: V1Job | null; pod: V1Pod | undefined }> => {
    const job = await api.readJob(name);
    return { job, pod: job ? jobPod(await api.jobPods(name)) : undefined };
  };

  const follow = async (): Promise<RunOutcome> => {
    let stuckSince: number | null = null;
    let troubleSince: number | null = null;
    let pod: V1Pod | undefined;
    const ended = async (outcome: RunOutcome) => (await logs.drain(pod, settings.logDrainIdleMs), outcome);
    for (; ; await nap()) {
      let job: V1Job | null;
      try {
        ({ job, pod } = await look());
        troubleSince = null;
      } catch (error) {
        troubleSince ??= Date.now();
        if (Date.now() - troubleSince < API_TROUBLE_MS) continue;
        return ended({ status: 'failed', failure: 'lost', detail: `Kubernetes API: ${apiMessage(error)}` });
      }
      if (!job) return ended(terminating ? { status: 'terminated' } : { status: 'failed', failure: 'lost', detail: `Job ${name} was deleted` });
      logs.observe(pod);
      if (terminating) {
        // Foreground deletion: the Job stays until its pod is gone; a Job whose pod is gone is as good as gone.
        if (job.metadata?.deletionTimestamp && !pod) return ended({ status: 'terminated' });
        continue;
      }
      const state = jobState(job, pod);
      if (state.phase === 'ended') return ended(state.outcome);
      if (state.phase !== 'stuck') {
        stuckSince = null;
        continue;
      }
      stuckSince ??= Date.now();
      if (Date.now() - stuckSince >= settings.startGraceMs) {
        // It would wait for ever (until the deadline): free its place in the cluster now.
        await api.deleteJob(name).catch(() => {});
        return ended({ status: 'failed', failure: 'start', detail: state.detail });
      }
    }
  };

  const outcome = follow().catch((error: unknown): RunOutcome => ({ status: 'failed', failure: 'lost', detail: apiMessage(error) }));

  return {
    outcome,
    terminate: async () => {
      const wasTerminating = terminating;
      terminating = true; // before the delete: the Job vanishing is then our doing, not a loss
      try {
        await api.deleteJob(name);
      } catch (error) {
        terminating = wasTerminating;
        throw new Error(`Kubernetes did not delete Job ${name}: ${apiMessage(error)}`);
      }
      wake();
    },
  };
}
