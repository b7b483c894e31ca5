import type { RunHandle } from './runner';

/** A run this process follows: its handle, and how to let go of it when the server stops. */
export interface ActiveRun {
  handle: RunHandle;
  /** Stops following without settling the instance (a Kubernetes Job goes on; the next server re-attaches). */
  detach: () => void;
  /** Set when the server stopped it (not a person): its end is a failure saying so. */
  serverStopped?: boolean;
}

/** The runs an app's workers hold, by instance id: a terminate asked through the same app reaches its process at once. */
export interface ActiveRuns {
  hold(instanceId: number, run: ActiveRun): void;
  release(instanceId: number): void;
  get(instanceId: number): ActiveRun | undefined;
  all(): ActiveRun[];
}

export function activeRuns(): ActiveRuns {
  const active = new Map<number, ActiveRun>();
  return {
    hold: (instanceId, run) => void active.set(instanceId, run),
    release: (instanceId) => void active.delete(instanceId),
    get: (instanceId) => active.get(instanceId),
    all: () => [...active.values()],
  };
}
