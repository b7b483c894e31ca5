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
  /** Holds a run; once the server is closing, the run is ended the way `close` said at once. */
  hold(instanceId: number, run: ActiveRun): void;
  release(instanceId: number): void;
  get(instanceId: number): ActiveRun | undefined;
  all(): ActiveRun[];
  /**
   * The server is stopping: each held run is ended by `end`, and so is any run held from now on (one whose
   * process was still being started when the server began to stop would otherwise be followed until the
   * worker gave up on it, and left running).
   */
  close(end: (run: ActiveRun) => Promise<void>): Promise<void>;
  /** Workers start (again): runs held from now on are followed to their end. */
  open(): void;
}

export function activeRuns(): ActiveRuns {
  const active = new Map<number, ActiveRun>();
  let ending: ((run: ActiveRun) => Promise<void>) | null = null;
  return {
    hold: (instanceId, run) => {
      active.set(instanceId, run);
      if (ending) void ending(run);
    },
    release: (instanceId) => void active.delete(instanceId),
    get: (instanceId) => active.get(instanceId),
    all: () => [...active.values()],
    close: async (end) => {
      ending = end;
      await Promise.all([...active.values()].map(end));
    },
    open: () => void (ending = null),
  };
}
