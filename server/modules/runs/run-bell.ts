/**
 * Within one server process: "a run was queued" (the runs worker claims it now rather than at its
 * next poll) and "an instance printed" (its live log streams send now). Other processes find the
 * same in the database at their next poll; the bell only saves the wait. And "the server is
 * closing": live log streams end, so they do not hold its close.
 */
type Listener = (instanceId?: number) => void;

const bells = { queued: new Set<Listener>(), printed: new Set<Listener>(), closing: new Set<Listener>() };

export type Bell = keyof typeof bells;

export function ring(bell: Bell, instanceId?: number): void {
  for (const listener of bells[bell]) listener(instanceId);
}

/** Listens until the returned function is called. */
export function listen(bell: Bell, listener: Listener): () => void {
  bells[bell].add(listener);
  return () => bells[bell].delete(listener);
}
