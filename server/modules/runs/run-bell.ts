/**
 * Within one server process: "a run was queued" (the runs worker claims it now rather than at its
 * next poll) and "an instance printed" (its live log streams send now). Other processes find the
 * same in the database at their next poll; the bell only saves the wait. And "the server is
 * closing": live log streams end, so they do not hold its close. One bell per app: an app's
 * listeners hear only that app's rings.
 */
type Listener = (instanceId?: number) => void;

export type Bell = 'queued' | 'printed' | 'closing';

export interface RunBell {
  ring(bell: Bell, instanceId?: number): void;
  /** Listens until the returned function is called. */
  listen(bell: Bell, listener: Listener): () => void;
}

export function runBell(): RunBell {
  const bells: Record<Bell, Set<Listener>> = { queued: new Set(), printed: new Set(), closing: new Set() };
  return {
    ring: (bell, instanceId) => {
      for (const listener of bells[bell]) listener(instanceId);
    },
    listen: (bell, listener) => {
      bells[bell].add(listener);
      return () => void bells[bell].delete(listener);
    },
  };
}
