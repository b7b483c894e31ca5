import type { RunHandle } from './runner';

/** A run this process follows: its handle, and how to let go of it when the server stops. */
interface ActiveRun {
  handle: RunHandle;
  /** Stops following without settling the instance (a Kubernetes Job goes on; the next server re-attaches). */
  detach: () => void;
  /** Set when the server stopped it (not a person): its end is a failure saying so. */
  serverStopped?: boolean;
}

/** The runs this server process holds, by instance id: a terminate asked here reaches its process at once. */
const active = new Map<number, ActiveRun>();

export const holdRun = (instanceId: number, run: ActiveRun) => void active.set(instanceId, run);
export const releaseRun = (instanceId: number) => void active.delete(instanceId);
export const heldRun = (instanceId: number): ActiveRun | undefined => active.get(instanceId);
export const heldRuns = () => [...active.values()];
