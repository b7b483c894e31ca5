import type { V1ContainerState, V1Job, V1Pod } from '@kubernetes/client-node';
import type { RunOutcome } from '../runner';
import { CONTAINER } from './job-manifest';

/** Where a followed Job stands, read from the Job and its pod. */
export type JobState =
  | { phase: 'pending' }
  /** The container cannot be made (image, configuration): it waits for ever unless someone steps in. */
  | { phase: 'stuck'; detail: string }
  | { phase: 'running' }
  | { phase: 'ended'; outcome: RunOutcome };

/** Waiting reasons that do not pass by themselves: the kubelet retries them, but only a changed image or configuration helps. */
const STUCK_REASONS = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'CreateContainerConfigError', 'CreateContainerError']);
/** Terminated reasons of a container that never ran the code (its command could not be executed). */
const START_ERRORS = new Set(['StartError', 'ContainerCannotRun']);

const containerState = (pod: V1Pod | undefined): V1ContainerState | undefined =>
  pod?.status?.containerStatuses?.find((status) => status.name === CONTAINER)?.state;

/** The Job's pod: with restartPolicy Never and backoffLimit 0 there is one; the newest, should there be more. */
export function jobPod(pods: V1Pod[]): V1Pod | undefined {
  const created = (pod: V1Pod) => new Date(pod.metadata?.creationTimestamp ?? 0).getTime();
  return [...pods].sort((a, b) => created(b) - created(a))[0];
}

/** Its container has started (or already ended): the log can be read. */
export const logReadable = (pod: V1Pod | undefined): boolean => {
  const state = containerState(pod);
  return Boolean(state?.running || state?.terminated);
};

/** The container ended: its log stream ends for good once read. */
export const containerEnded = (pod: V1Pod | undefined): boolean => Boolean(containerState(pod)?.terminated);

export function jobState(job: V1Job, pod: V1Pod | undefined): JobState {
  const condition = job.status?.conditions?.find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  if (condition?.type === 'Complete') return { phase: 'ended', outcome: { status: 'succeeded' } };
  if (condition?.type === 'Failed') return { phase: 'ended', outcome: failedOutcome(condition.reason, condition.message, pod) };
  const state = containerState(pod);
  if (state?.waiting?.reason && STUCK_REASONS.has(state.waiting.reason)) {
    return { phase: 'stuck', detail: withMessage(state.waiting.reason, state.waiting.message) };
  }
  return state?.running || state?.terminated ? { phase: 'running' } : { phase: 'pending' };
}

function failedOutcome(reason: string | undefined, message: string | undefined, pod: V1Pod | undefined): RunOutcome {
  if (reason === 'DeadlineExceeded') return { status: 'timed_out' };
  const ended = containerState(pod)?.terminated;
  if (ended?.reason === 'OOMKilled') return { status: 'failed', failure: 'memory', exitCode: ended.exitCode };
  if (ended?.reason && START_ERRORS.has(ended.reason)) return { status: 'failed', failure: 'start', detail: withMessage(ended.reason, ended.message) };
  if (ended) return { status: 'failed', failure: 'exit', exitCode: ended.exitCode, ...(ended.message ? { detail: ended.message } : {}) };
  // The pod went without its container ending: evicted (node pressure), its node lost, deleted by someone.
  if (pod?.status?.reason) return { status: 'failed', failure: 'lost', detail: withMessage(pod.status.reason, pod.status.message) };
  return { status: 'failed', failure: 'lost', detail: withMessage(reason ?? 'Failed', message) };
}

const withMessage = (reason: string, message: string | undefined) => (message ? `${reason}: ${message}` : reason);
